"""SPC001-SPC007: the problems of a spec file.

Spec problems are found while the specs are read (``grammar``), before any check
runs, and stop the run (exit 2); they are not checks to select, ignore or give a
severity. Their examples run through ``assay check`` (``tests/engine/test_check_examples.py``):
a Fails spec reports the code once, at its ``at=``, and the Passes spec reports no spec
problem.
"""

from __future__ import annotations

from assay.spec.rules.rule import Rule

SPC001 = Rule(
    code="SPC001",
    name="spec-syntax-error",
    stage="spec",
    summary="A `.assay` spec file does not parse, or cannot be read as UTF-8.",
    documentation="""\
The message says what was expected where; nothing else of the file is read, and no
document is checked until it parses.

## Fails

```assay at=4:5
use adr

type decision extends adr
    field "Status" required
}
```

## Passes

```assay
use adr

type decision extends adr {
    field "Status" required
}
```
""",
)

SPC002 = Rule(
    code="SPC002",
    name="unknown-reference",
    stage="spec",
    summary="A spec names a type or library that is not defined.",
    documentation="""\
A type extends a type of its own file or of a library it `use`s; `use` names a
built-in library (`adr`, `madr`).

## Fails

```assay at=1:23
type decision extends adr {
    field "Status" required
}
```

## Passes

```assay
use adr

type decision extends adr {
    field "Status" required
}
```
""",
)

SPC003 = Rule(
    code="SPC003",
    name="duplicate-definition",
    stage="spec",
    summary="A spec defines the same type, field or section twice.",
    documentation="""\
Only the first definition counts; the finding is at the second.

## Fails

```assay at=5:11
use adr

type decision extends adr {
    field "Status" required
    field "Status" optional
}
```

## Passes

```assay
use adr

type decision extends adr {
    field "Status" required
    field "Date" optional
}
```
""",
)

SPC004 = Rule(
    code="SPC004",
    name="invalid-value",
    stage="spec",
    summary=(
        "A value in a spec is out of its range: an empty line range, a bad digest, an empty name."
    ),
    documentation="""\
## Fails

```assay at=2:45
declaration "ledger" version 1 {
    primary "docs/adr/0001-ledger.md" lines 12..3
}
```

## Passes

```assay
declaration "ledger" version 1 {
    primary "docs/adr/0001-ledger.md" lines 3..12
}
```
""",
)

SPC005 = Rule(
    code="SPC005",
    name="misplaced-constraint",
    stage="spec",
    summary="A constraint is given to something it does not apply to (`values` on a section).",
    documentation="""\
The message lists the constraints that do apply there.

## Fails

```assay at=4:34
use adr

type decision extends adr {
    section "Context" required { values accepted, rejected }
}
```

## Passes

```assay
use adr

type decision extends adr {
    field "Status" required { values accepted, rejected }
}
```
""",
)

SPC006 = Rule(
    code="SPC006",
    name="circular-extends",
    stage="spec",
    summary="A type extends itself, directly or through other types.",
    documentation="""\
## Fails

```assay at=1:23
type decision extends decision {
    field "Status" required
}
```

## Passes

```assay
type record {
    field "Date" optional
}

type decision extends record {
    field "Status" required
}
```
""",
)

SPC007 = Rule(
    code="SPC007",
    name="extends-too-deep",
    stage="spec",
    summary="A chain of `extends` holds more than 64 types below its root.",
    documentation="""\
Reported at the deepest type.  Real specs use two or three levels; the bound keeps
reading a spec linear in its size (each type carries its whole lineage), so a
generated or hostile chain is a located error instead of a crash.

## Fails

```assay at=23:30
type t0 {}
type t1 extends t0 {} type t2 extends t1 {} type t3 extends t2 {}
type t4 extends t3 {} type t5 extends t4 {} type t6 extends t5 {}
type t7 extends t6 {} type t8 extends t7 {} type t9 extends t8 {}
type t10 extends t9 {} type t11 extends t10 {} type t12 extends t11 {}
type t13 extends t12 {} type t14 extends t13 {} type t15 extends t14 {}
type t16 extends t15 {} type t17 extends t16 {} type t18 extends t17 {}
type t19 extends t18 {} type t20 extends t19 {} type t21 extends t20 {}
type t22 extends t21 {} type t23 extends t22 {} type t24 extends t23 {}
type t25 extends t24 {} type t26 extends t25 {} type t27 extends t26 {}
type t28 extends t27 {} type t29 extends t28 {} type t30 extends t29 {}
type t31 extends t30 {} type t32 extends t31 {} type t33 extends t32 {}
type t34 extends t33 {} type t35 extends t34 {} type t36 extends t35 {}
type t37 extends t36 {} type t38 extends t37 {} type t39 extends t38 {}
type t40 extends t39 {} type t41 extends t40 {} type t42 extends t41 {}
type t43 extends t42 {} type t44 extends t43 {} type t45 extends t44 {}
type t46 extends t45 {} type t47 extends t46 {} type t48 extends t47 {}
type t49 extends t48 {} type t50 extends t49 {} type t51 extends t50 {}
type t52 extends t51 {} type t53 extends t52 {} type t54 extends t53 {}
type t55 extends t54 {} type t56 extends t55 {} type t57 extends t56 {}
type t58 extends t57 {} type t59 extends t58 {} type t60 extends t59 {}
type t61 extends t60 {} type t62 extends t61 {} type t63 extends t62 {}
type t64 extends t63 {} type t65 extends t64 {}
```

## Passes

```assay
type t0 {}
type t1 extends t0 {} type t2 extends t1 {} type t3 extends t2 {}
type t4 extends t3 {} type t5 extends t4 {} type t6 extends t5 {}
type t7 extends t6 {} type t8 extends t7 {} type t9 extends t8 {}
type t10 extends t9 {} type t11 extends t10 {} type t12 extends t11 {}
type t13 extends t12 {} type t14 extends t13 {} type t15 extends t14 {}
type t16 extends t15 {} type t17 extends t16 {} type t18 extends t17 {}
type t19 extends t18 {} type t20 extends t19 {} type t21 extends t20 {}
type t22 extends t21 {} type t23 extends t22 {} type t24 extends t23 {}
type t25 extends t24 {} type t26 extends t25 {} type t27 extends t26 {}
type t28 extends t27 {} type t29 extends t28 {} type t30 extends t29 {}
type t31 extends t30 {} type t32 extends t31 {} type t33 extends t32 {}
type t34 extends t33 {} type t35 extends t34 {} type t36 extends t35 {}
type t37 extends t36 {} type t38 extends t37 {} type t39 extends t38 {}
type t40 extends t39 {} type t41 extends t40 {} type t42 extends t41 {}
type t43 extends t42 {} type t44 extends t43 {} type t45 extends t44 {}
type t46 extends t45 {} type t47 extends t46 {} type t48 extends t47 {}
type t49 extends t48 {} type t50 extends t49 {} type t51 extends t50 {}
type t52 extends t51 {} type t53 extends t52 {} type t54 extends t53 {}
type t55 extends t54 {} type t56 extends t55 {} type t57 extends t56 {}
type t58 extends t57 {} type t59 extends t58 {} type t60 extends t59 {}
type t61 extends t60 {} type t62 extends t61 {} type t63 extends t62 {}
type t64 extends t63 {}
```
""",
)

#: This family's rules, as the registry lists them.
RULES = (SPC001, SPC002, SPC003, SPC004, SPC005, SPC006, SPC007)
