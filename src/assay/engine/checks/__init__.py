"""The checks: one module each, listed here explicitly — no discovery, no plugins.

The order is the reference's order (by code); the runner's report order does not
depend on it.
"""

from __future__ import annotations

from assay.engine.checks import (
    blockers_form,
    bold_paragraph_heading,
    broken_link,
    conflicting_values,
    digest_mismatch,
    duplicate_number,
    duplicate_section,
    empty_section,
    file_name_anomaly,
    folder_convention,
    forbidden_field,
    forbidden_section,
    identity_mismatch,
    identity_not_normalized,
    length_out_of_range,
    link_escapes_set,
    link_missing_extension,
    link_wrong_case,
    linked_component,
    malformed_front_matter,
    malformed_run_manifest,
    malformed_suppression,
    malformed_value,
    missing_digest,
    missing_field,
    missing_run_member,
    missing_section,
    missing_title,
    nesting_too_deep,
    non_iso_date,
    not_regular_file,
    not_tracked,
    number_gap,
    one_sided_relation,
    open_blockers,
    path_escapes_root,
    placeholder_value,
    range_out_of_bounds,
    run_folder_not_slug,
    runner_codes,
    scheme_less_link,
    second_title,
    sentence_count,
    stale_review,
    superseded_but_accepted,
    title_number_mismatch,
    unexpected_inputs,
    unknown_relation_target,
    unmatched_spec_pattern,
    unreadable_document,
    unsupported_format,
    value_not_allowed,
)
from assay.engine.checks.base import Check
from assay.engine.checks.context_codes import CONTEXT_RULES
from assay.engine.checks.evidence_codes import EVIDENCE_RULES
from assay.engine.checks.protocol_codes import PROTOCOL_RULES
from assay.engine.checks.session_codes import SESSION_RULES
from assay.engine.checks.spec_codes import SPEC_RULES
from assay.engine.checks.summary_codes import SUMMARY_RULES

CHECKS: tuple[Check, ...] = tuple(
    sorted(
        (
            unreadable_document.check,
            missing_title.check,
            missing_section.check,
            forbidden_section.check,
            duplicate_section.check,
            malformed_front_matter.check,
            empty_section.check,
            title_number_mismatch.check,
            duplicate_number.check,
            second_title.check,
            stale_review.check,
            bold_paragraph_heading.check,
            number_gap.check,
            file_name_anomaly.check,
            unsupported_format.check,
            folder_convention.check,
            nesting_too_deep.check,
            missing_field.check,
            value_not_allowed.check,
            malformed_value.check,
            forbidden_field.check,
            conflicting_values.check,
            placeholder_value.check,
            non_iso_date.check,
            superseded_but_accepted.check,
            sentence_count.check,
            length_out_of_range.check,
            blockers_form.check,
            broken_link.check,
            link_escapes_set.check,
            one_sided_relation.check,
            unknown_relation_target.check,
            link_wrong_case.check,
            link_missing_extension.check,
            scheme_less_link.check,
            identity_not_normalized.check,
            linked_component.check,
            not_regular_file.check,
            path_escapes_root.check,
            not_tracked.check,
            digest_mismatch.check,
            range_out_of_bounds.check,
            missing_digest.check,
            unmatched_spec_pattern.check,
            runner_codes.unused_suppression,
            runner_codes.unknown_code,
            malformed_suppression.check,
            runner_codes.internal_error,
            malformed_run_manifest.check,
            missing_run_member.check,
            unexpected_inputs.check,
            open_blockers.check,
            identity_mismatch.check,
            run_folder_not_slug.check,
        ),
        key=lambda check: check.code,
    )
)


#: Every code assay can report, for the rule reference: the checks, then the spec
#: problems (found while specs are read; not run, selected or ignored as checks), then
#: the assembly codes (found by `assay assemble`; not checks either), then the session
#: codes and the protocol codes (both found by `assay trace`), then the evaluation
#: codes (found by `assay eval`) and the evaluation summary's (`assay eval summary`).
RULES: tuple[Check, ...] = (
    *CHECKS,
    *SPEC_RULES,
    *CONTEXT_RULES,
    *SESSION_RULES,
    *PROTOCOL_RULES,
    *EVIDENCE_RULES,
    *SUMMARY_RULES,
)


def check_by_code(code: str) -> Check | None:
    """The rule registered under ``code`` (or kebab name), if any: a check or a spec
    problem (``RULES``)."""
    return next((c for c in RULES if code in (c.code, c.name)), None)
