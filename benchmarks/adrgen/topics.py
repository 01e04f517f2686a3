"""What the generated decisions are about: one phrase bank per engineering topic.

Slots in braces are filled per sentence by ``inline.fill``: ``{choice}`` (the chosen
option), ``{alt}`` (a rejected one), ``{option}`` (the option being discussed),
``{thing}``, ``{component}``, ``{team}`` and a few numbers (``{few}``, ``{n}``, ``{big}``,
``{ms}``, ``{pct}``).
Code snippets are taken verbatim: they contain braces of their own.
All text here is ASCII; files planned as non-ASCII draw from the ``UNICODE_*`` banks
of ``words``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Topic:
    """One subject area with enough phrases to write a few paragraphs about it."""

    key: str
    options: tuple[str, ...]
    things: tuple[str, ...]
    titles: tuple[str, ...]
    problems: tuple[str, ...]
    drivers: tuple[str, ...]
    pros: tuple[str, ...]
    cons: tuple[str, ...]
    steps: tuple[str, ...]
    code: tuple[tuple[str, str], ...]
    refs: tuple[tuple[str, str], ...]


TOPICS: tuple[Topic, ...] = (
    Topic(
        key="database",
        options=("PostgreSQL", "MySQL", "DynamoDB", "MongoDB", "CockroachDB"),
        things=("order history", "customer profiles", "audit events", "invoice data"),
        titles=(
            "Use {choice} for {thing}",
            "Store {thing} in {choice}",
            "Move {thing} from {alt} to {choice}",
            "Adopt {choice} as the primary datastore for {component}",
        ),
        problems=(
            "{component} keeps {thing} in a schemaless store, and every consumer re-implements "
            "validation.",
            "Reporting queries against {thing} take up to {n} seconds at the end of the month and "
            "block the write path.",
            "We lost about {n} minutes of writes during the last failover because replication "
            "lag was not monitored.",
            "The current cluster runs a version that leaves vendor support in {quarter}.",
            "Schema changes are applied by hand, so staging and production have drifted apart.",
        ),
        drivers=(
            "transactional writes across {thing} and payments",
            "point-in-time recovery with an RPO under five minutes",
            "a managed offering in our cloud region",
            "mature migration tooling that runs in CI",
            "predictable cost at {big} GB of data",
        ),
        pros=(
            "{option} gives us ACID transactions without application-level locking",
            "the team already operates {option} for two other services",
            "{option} has a managed service with automated backups",
            "secondary indexes on {thing} are cheap in {option}",
            "{option} supports online schema changes for the table sizes we expect",
        ),
        cons=(
            "{option} needs careful connection pooling once we pass {big} clients",
            "nobody on the team has run {option} in production",
            "cross-region replication in {option} costs extra and is asynchronous",
            "ad-hoc reporting on {option} needs a separate export job",
            "{option} licensing changed last year and legal has not reviewed it",
        ),
        steps=(
            "Create the schema with a versioned migration (`migrations/0001_init.sql`).",
            "Dual-write {thing} for two weeks and compare row counts nightly.",
            "Switch reads to {choice} behind the `orders.read_from_new_store` flag.",
            "Remove the old tables after one full billing cycle without differences.",
        ),
        code=(
            (
                "sql",
                "-- keep one row per order; history goes to order_events\n"
                "CREATE TABLE orders (\n"
                "    id          uuid PRIMARY KEY,\n"
                "    customer_id uuid NOT NULL REFERENCES customers (id),\n"
                "    status      text NOT NULL DEFAULT 'open',\n"
                "    created_at  timestamptz NOT NULL DEFAULT now()\n"
                ");\n"
                "CREATE INDEX orders_customer_idx ON orders (customer_id, created_at DESC);",
            ),
            (
                "yaml",
                "# connection settings shared by all services\n"
                "database:\n"
                "  host: orders-db.internal\n"
                "  pool:\n"
                "    min: 2\n"
                "    max: 20\n"
                "  replicas:\n"
                "    - orders-db-replica-a.internal\n"
                "    - orders-db-replica-b.internal",
            ),
            (
                "bash",
                "# nightly logical backup, kept for 35 days\n"
                'pg_dump --format=custom --no-owner "$DATABASE_URL" > orders.dump\n'
                "aws s3 cp orders.dump s3://backups/orders/$(date +%F).dump",
            ),
        ),
        refs=(
            ("PostgreSQL documentation", "https://www.postgresql.org/docs/current/"),
            ("Designing Data-Intensive Applications", "https://dataintensive.net/"),
        ),
    ),
    Topic(
        key="messaging",
        options=("Apache Kafka", "RabbitMQ", "Amazon SQS", "NATS JetStream", "Google Pub/Sub"),
        things=("order events", "email notifications", "inventory updates", "webhook deliveries"),
        titles=(
            "Use {choice} for {thing}",
            "Publish {thing} through {choice}",
            "Replace {alt} with {choice} for {thing}",
            "Introduce an event bus for {component}",
        ),
        problems=(
            "{component} calls four downstream services synchronously, so one slow consumer "
            "delays every checkout.",
            "Retries are implemented differently in each consumer, and {thing} are sometimes "
            "delivered twice.",
            "During the last peak we queued about {n} thousand {thing} in memory and lost them "
            "on restart.",
            "There is no way to replay {thing} after a consumer bug is fixed.",
            "Ordering of {thing} per customer matters for the ledger but is not guaranteed today.",
        ),
        drivers=(
            "at-least-once delivery with idempotent consumers",
            "ordering per key",
            "replay of the last seven days of {thing}",
            "a managed service so that nobody is paged for brokers",
            "throughput of {n} thousand messages per second at peak",
        ),
        pros=(
            "{option} keeps a durable log that consumers can replay",
            "{option} has client libraries for every language we use",
            "dead-letter handling is built into {option}",
            "{option} partitions by key, which gives us ordering per customer",
            "we can run {option} locally with a single container",
        ),
        cons=(
            "{option} needs a schema registry to keep producers and consumers compatible",
            "operating {option} ourselves needs at least one more SRE",
            "{option} has no ordering guarantee across partitions",
            "message size in {option} is limited, so large payloads need a claim check",
            "{option} pricing grows with every consumer group",
        ),
        steps=(
            "Define the event schema in `schemas/{thing}.avsc` and register it.",
            "Publish from {component} with the outbox pattern, not from request handlers.",
            "Move one consumer at a time; keep the HTTP callback as a fallback for a month.",
            "Alert on consumer lag above {n} seconds.",
        ),
        code=(
            (
                "json",
                "{\n"
                '  "type": "order.created",\n'
                '  "id": "0b7f6c3e-4d1a-4c5e-9f0a-2f5e8c1d9a77",\n'
                '  "occurred_at": "2024-03-02T10:15:00Z",\n'
                '  "data": {"order_id": "A-10442", "total": {"amount": 4200, "currency": "EUR"}}\n'
                "}",
            ),
            (
                "python",
                "# consumers must be idempotent: the broker may deliver twice\n"
                "def handle(message: Message) -> None:\n"
                "    if store.seen(message.id):\n"
                "        return\n"
                "    apply(message.data)\n"
                "    store.mark_seen(message.id)",
            ),
            (
                "yaml",
                "topics:\n"
                "  - name: orders.v1\n"
                "    partitions: 12\n"
                "    retention: 7d\n"
                "  - name: orders.v1.dlq\n"
                "    partitions: 1",
            ),
        ),
        refs=(
            (
                "Transactional outbox pattern",
                "https://microservices.io/patterns/data/transactional-outbox.html",
            ),
            ("Kafka documentation", "https://kafka.apache.org/documentation/"),
        ),
    ),
    Topic(
        key="auth",
        options=("Keycloak", "Auth0", "Okta", "Amazon Cognito", "an in-house token service"),
        things=("staff login", "customer sign-in", "service-to-service tokens", "API keys"),
        titles=(
            "Use {choice} for {thing}",
            "Adopt OpenID Connect with {choice}",
            "Replace {alt} with {choice} for {thing}",
            "Issue short-lived tokens for {thing}",
        ),
        problems=(
            "Every service validates sessions against {component}, which makes it a single "
            "point of failure.",
            "Passwords for {thing} are stored with an outdated hashing scheme.",
            "The security review in {quarter} asked for multi-factor authentication for all staff.",
            "Offboarding takes days because access is granted in {n} different places.",
            "Tokens live for 30 days and cannot be revoked.",
        ),
        drivers=(
            "single sign-on for staff tools",
            "standard protocols (OpenID Connect, OAuth 2.1)",
            "revocation within five minutes",
            "support for passkeys",
            "an audit trail the compliance team can export",
        ),
        pros=(
            "{option} implements OpenID Connect and is certified",
            "{option} supports passkeys and TOTP out of the box",
            "{option} can federate with the corporate identity provider",
            "{option} exports audit logs to our SIEM",
            "{option} has SDKs for the web and mobile apps",
        ),
        cons=(
            "{option} charges per monthly active user",
            "{option} is one more stateful system to upgrade",
            "custom login pages in {option} are limited",
            "migrating existing password hashes to {option} needs a lazy migration",
            "{option} runs outside the EU unless we buy the enterprise plan",
        ),
        steps=(
            "Register {component} as a confidential client.",
            "Validate tokens locally with the published JWKS and cache keys for ten minutes.",
            "Migrate users lazily at their next sign-in.",
            "Turn off the legacy session endpoint once traffic drops below {pct} %.",
        ),
        code=(
            (
                "yaml",
                "oidc:\n"
                "  issuer: https://login.example.com/realms/staff\n"
                "  client_id: admin-console\n"
                "  scopes:\n"
                "    - openid\n"
                "    - profile\n"
                "  token_ttl: 15m",
            ),
            (
                "http",
                "POST /oauth2/token HTTP/1.1\n"
                "Host: login.example.com\n"
                "Content-Type: application/x-www-form-urlencoded\n"
                "\n"
                "grant_type=client_credentials&scope=orders.read",
            ),
        ),
        refs=(
            ("OpenID Connect Core", "https://openid.net/specs/openid-connect-core-1_0.html"),
            (
                "OWASP Authentication Cheat Sheet",
                "https://cheatsheetseries.owasp.org/cheatsheets/Authentication_Cheat_Sheet.html",
            ),
        ),
    ),
    Topic(
        key="ci",
        options=("GitHub Actions", "GitLab CI", "Jenkins", "Buildkite", "CircleCI"),
        things=(
            "pull request checks",
            "release builds",
            "nightly integration tests",
            "container images",
        ),
        titles=(
            "Run {thing} on {choice}",
            "Move CI from {alt} to {choice}",
            "Use {choice} for {thing}",
            "Build {thing} once and promote them",
        ),
        problems=(
            "A full pipeline for {component} takes {n} minutes, and developers batch changes to "
            "avoid waiting.",
            "The build agents are pets: nobody knows how the last one was configured.",
            "Flaky tests are retried by hand, so the main branch is red about {pct} % of the time.",
            "Release builds are made on a laptop and are not reproducible.",
            "The CI server has not been upgraded for two years because plugins break.",
        ),
        drivers=(
            "pipelines defined in the repository",
            "ephemeral runners",
            "caching of dependencies between runs",
            "a pipeline under ten minutes for {component}",
            "signed build provenance",
        ),
        pros=(
            "{option} keeps pipeline definitions next to the code",
            "{option} offers hosted runners, so there is nothing to patch",
            "{option} supports matrix builds for our three Python versions",
            "{option} integrates with branch protection",
            "{option} can run jobs on our own autoscaled runners",
        ),
        cons=(
            "{option} minutes are billed per job, and our test suite is large",
            "{option} plugins are maintained by third parties of varying quality",
            "secrets handling in {option} needs extra care for forked pull requests",
            "{option} caches are limited in size",
            "moving to {option} means rewriting {n} pipeline files",
        ),
        steps=(
            "Port the lint and unit-test jobs first; keep the old pipeline for releases.",
            "Pin every third-party action or plugin to a commit SHA.",
            "Publish test reports as artifacts and surface them in the pull request.",
            "Delete the old pipeline after two clean release cycles.",
        ),
        code=(
            (
                "yaml",
                "# .github/workflows/ci.yml\n"
                "name: ci\n"
                "on: [push, pull_request]\n"
                "jobs:\n"
                "  test:\n"
                "    runs-on: ubuntu-latest\n"
                "    steps:\n"
                "      - uses: actions/checkout@v4\n"
                "      - run: make test",
            ),
            (
                "groovy",
                "pipeline {\n"
                "  agent { label 'linux' }\n"
                "  stages {\n"
                "    stage('Test') { steps { sh 'make test' } }\n"
                "  }\n"
                "}",
            ),
            (
                "makefile",
                "# the same entry point locally and in CI\n"
                "test:\n"
                "\tpython -m pytest -q\n"
                "lint:\n"
                "\truff check .",
            ),
        ),
        refs=(
            ("SLSA provenance", "https://slsa.dev/spec/v1.0/provenance"),
            ("GitHub Actions documentation", "https://docs.github.com/en/actions"),
        ),
    ),
    Topic(
        key="observability",
        options=(
            "OpenTelemetry with Grafana Tempo",
            "Prometheus and Grafana",
            "Datadog",
            "Honeycomb",
            "Elastic APM",
        ),
        things=("request tracing", "service metrics", "error tracking", "SLO dashboards"),
        titles=(
            "Use {choice} for {thing}",
            "Instrument {component} with {choice}",
            "Replace {alt} with {choice}",
            "Define SLOs for {component}",
        ),
        problems=(
            "When checkout is slow we cannot tell which of the {n} services involved is "
            "responsible.",
            "Each team exports metrics with different names and labels, so dashboards cannot be "
            "shared.",
            "Alerts fire on CPU usage instead of user-facing symptoms; the on-call rotation "
            "ignores most of them.",
            "Logs and traces cannot be correlated because there is no shared request id.",
            "Our current vendor bill grew by {pct} % last year.",
        ),
        drivers=(
            "vendor-neutral instrumentation",
            "correlation of logs, metrics and traces",
            "p99 latency per endpoint",
            "cost that grows slower than traffic",
            "alerting on SLO burn rate",
        ),
        pros=(
            "{option} uses open standards, so we can change backends later",
            "{option} samples traces at the tail, which keeps costs down",
            "{option} has ready-made dashboards for our runtime",
            "{option} links traces to logs by trace id",
            "{option} supports exemplars on histograms",
        ),
        cons=(
            "{option} needs a collector deployment per cluster",
            "{option} storage grows quickly with high-cardinality labels",
            "{option} pricing is per host and per custom metric",
            "{option} query language is new to most of the team",
            "auto-instrumentation in {option} misses our async workers",
        ),
        steps=(
            "Deploy the collector as a DaemonSet.",
            "Propagate W3C trace context through the HTTP clients and the message bus.",
            "Define one availability and one latency SLO for {component}.",
            "Delete alerts that have not led to an action in the last {n} days.",
        ),
        code=(
            (
                "yaml",
                "receivers:\n"
                "  otlp:\n"
                "    protocols:\n"
                "      grpc: {}\n"
                "processors:\n"
                "  batch: {}\n"
                "exporters:\n"
                "  otlphttp:\n"
                "    endpoint: https://tempo.internal:4318\n"
                "service:\n"
                "  pipelines:\n"
                "    traces: {receivers: [otlp], processors: [batch], exporters: [otlphttp]}",
            ),
            (
                "promql",
                "# error budget burn over one hour\n"
                'sum(rate(http_requests_total{code=~"5.."}[1h]))\n'
                "  / sum(rate(http_requests_total[1h]))",
            ),
        ),
        refs=(
            ("OpenTelemetry specification", "https://opentelemetry.io/docs/specs/otel/"),
            (
                "Google SRE book, Service Level Objectives",
                "https://sre.google/sre-book/service-level-objectives/",
            ),
        ),
    ),
    Topic(
        key="api-versioning",
        options=(
            "a version in the URL path",
            "a version header",
            "media-type versioning",
            "additive changes without versions",
            "dated API versions",
        ),
        things=("the public REST API", "the partner API", "webhook payloads", "the mobile API"),
        titles=(
            "Version {thing} with {choice}",
            "Use {choice} for {thing}",
            "Define a deprecation policy for {thing}",
            "Stop breaking changes in {thing}",
        ),
        problems=(
            "Partners integrate with {thing} and cannot deploy at our pace.",
            "Two breaking changes last quarter went out without notice and broke {few} "
            "integrations.",
            "Mobile clients stay on old app versions for months, so old fields must keep working.",
            "There is no written rule for what counts as a breaking change.",
            "We maintain three copies of the serializers because each version was forked.",
        ),
        drivers=(
            "clients can pin a version",
            "at least twelve months of support for a deprecated version",
            "one code path with small adapters per version",
            "discoverable deprecation via response headers",
            "cache-friendly URLs",
        ),
        pros=(
            "{option} is easy to see in logs and in the browser",
            "{option} keeps URLs stable",
            "{option} lets us change one resource at a time",
            "{option} works with our API gateway routing",
            "{option} is what most of our partners already know",
        ),
        cons=(
            "{option} makes caching harder because the URL does not change",
            "{option} encourages big-bang versions",
            "{option} is easy to forget in hand-written clients",
            "{option} needs documentation per version",
            "{option} does not help with webhook payloads",
        ),
        steps=(
            "Write down the breaking-change rules in `docs/api/compatibility.md`.",
            "Add a `Sunset` header to deprecated endpoints.",
            "Run contract tests for every supported version in CI.",
            "Email partners {n} days before a version is removed.",
        ),
        code=(
            (
                "http",
                "GET /v2/orders/A-10442 HTTP/1.1\n"
                "Host: api.example.com\n"
                "Accept: application/json\n"
                "\n"
                "HTTP/1.1 200 OK\n"
                "Deprecation: true\n"
                "Sunset: Wed, 31 Dec 2025 23:59:59 GMT",
            ),
            (
                "yaml",
                "openapi: 3.1.0\n"
                "info:\n"
                "  title: Orders API\n"
                "  version: 2024-06-01\n"
                "paths:\n"
                "  /orders/{id}:\n"
                "    get:\n"
                "      operationId: getOrder",
            ),
        ),
        refs=(
            ("RFC 8594: The Sunset HTTP Header Field", "https://www.rfc-editor.org/rfc/rfc8594"),
            ("Stripe API versioning", "https://stripe.com/blog/api-versioning"),
        ),
    ),
    Topic(
        key="frontend",
        options=("React", "Vue", "Svelte", "Angular", "server-rendered HTML with htmx"),
        things=("the admin console", "the customer portal", "the checkout pages", "internal tools"),
        titles=(
            "Build {thing} with {choice}",
            "Use {choice} for {thing}",
            "Migrate {thing} from {alt} to {choice}",
            "Share UI components between {thing} and the main site",
        ),
        problems=(
            "{thing} is written in three generations of front-end code, and fixes must be made "
            "three times.",
            "The JavaScript bundle is {big} KB compressed and first paint on mobile takes four "
            "seconds.",
            "Hiring is hard for the framework we use today.",
            "Accessibility audits found {n} issues that stem from custom widgets.",
            "The build tool is unmaintained and blocks an upgrade of Node.js.",
        ),
        drivers=(
            "accessibility (WCAG 2.2 AA)",
            "a small bundle for mobile users",
            "a large hiring pool",
            "type safety with TypeScript",
            "server-side rendering for the public pages",
        ),
        pros=(
            "{option} has the largest ecosystem of accessible components",
            "{option} compiles away most of the runtime",
            "{option} is what {few} of our front-end engineers already use",
            "{option} supports server-side rendering",
            "{option} keeps most logic on the server",
        ),
        cons=(
            "{option} upgrades have been disruptive in the past",
            "{option} needs a build step and a bundler",
            "{option} has fewer ready-made components",
            "{option} makes rich client-side state harder",
            "{option} opinions clash with our existing routing",
        ),
        steps=(
            "Start with new pages; migrate existing pages when they change.",
            "Publish shared components from `packages/ui`.",
            "Add an accessibility check to the pull request pipeline.",
            "Track bundle size per route and fail the build above the budget.",
        ),
        code=(
            (
                "tsx",
                "// one component per file, props typed explicitly\n"
                "export function OrderStatus({ status }: { status: Status }) {\n"
                "  return <span className={`badge badge-${status}`}>{label(status)}</span>;\n"
                "}",
            ),
            (
                "json",
                "{\n"
                '  "budgets": [\n'
                '    {"path": "/checkout", "maxSize": "170 kB"},\n'
                '    {"path": "/account", "maxSize": "220 kB"}\n'
                "  ]\n"
                "}",
            ),
        ),
        refs=(
            ("WCAG 2.2", "https://www.w3.org/TR/WCAG22/"),
            ("web.dev performance budgets", "https://web.dev/articles/performance-budgets-101"),
        ),
    ),
    Topic(
        key="infrastructure",
        options=("Terraform", "OpenTofu", "Pulumi", "AWS CDK", "Crossplane"),
        things=("cloud infrastructure", "DNS records", "the Kubernetes clusters", "IAM policies"),
        titles=(
            "Manage {thing} with {choice}",
            "Use {choice} for {thing}",
            "Move {thing} from {alt} to {choice}",
            "Keep {thing} as code",
        ),
        problems=(
            "Most of {thing} was created by hand in the console and is not reproducible.",
            "A typo in an IAM policy last month gave {n} services write access to the backups "
            "bucket.",
            "Staging and production differ in ways nobody can list.",
            "State files are stored on a shared drive and have been overwritten twice.",
            "Changes to {thing} are reviewed in chat rather than in pull requests.",
        ),
        drivers=(
            "plan output in pull requests",
            "remote state with locking",
            "reusable modules per environment",
            "drift detection",
            "a language the whole team can review",
        ),
        pros=(
            "{option} has providers for every service we use",
            "{option} shows a plan before it changes anything",
            "{option} lets us use a general-purpose language for loops and conditions",
            "{option} has an open-source license we are comfortable with",
            "{option} reconciles continuously instead of on demand",
        ),
        cons=(
            "{option} state must be protected because it contains secrets",
            "{option} code can become too clever to review",
            "{option} ties us to one cloud",
            "{option} needs a controller running in every cluster",
            "importing existing resources into {option} is manual work",
        ),
        steps=(
            "Import existing resources module by module, starting with networking.",
            "Store state remotely with locking and versioning enabled.",
            "Run plan on every pull request and apply only from the main branch.",
            "Schedule a nightly drift check that opens an issue.",
        ),
        code=(
            (
                "hcl",
                "# state lives in S3 with DynamoDB locking\n"
                "terraform {\n"
                '  backend "s3" {\n'
                '    bucket         = "acme-tfstate"\n'
                '    key            = "platform/prod.tfstate"\n'
                '    dynamodb_table = "tf-locks"\n'
                "  }\n"
                "}",
            ),
            (
                "bash",
                "# plan in CI, apply only from main\n"
                "terraform init -input=false\n"
                "terraform plan -out=plan.bin -lock-timeout=5m\n"
                "terraform show -no-color plan.bin > plan.txt",
            ),
        ),
        refs=(
            ("Terraform documentation", "https://developer.hashicorp.com/terraform/docs"),
            ("OpenTofu", "https://opentofu.org/docs/"),
        ),
    ),
    Topic(
        key="caching",
        options=("Redis", "Memcached", "an in-process cache", "CDN edge caching", "Valkey"),
        things=("product pages", "session data", "price lookups", "feature flag values"),
        titles=(
            "Cache {thing} in {choice}",
            "Use {choice} for {thing}",
            "Introduce a cache for {thing}",
            "Replace {alt} with {choice} for {thing}",
        ),
        problems=(
            "{component} reads {thing} from the database on every request, about {big} reads per "
            "second at peak.",
            "Cache invalidation is done by TTL only, so customers see stale prices for up to an "
            "hour.",
            "Each pod keeps its own cache, and hit rates drop after every deployment.",
            "The current cache node is a single instance without replication.",
            "p99 latency of {component} is {ms} ms, mostly spent in repeated lookups.",
        ),
        drivers=(
            "hit rate above 90 %",
            "explicit invalidation on writes",
            "no single point of failure",
            "p99 below {ms} ms",
            "bounded memory per node",
        ),
        pros=(
            "{option} is already available as a managed service",
            "{option} supports data structures we need for rate limiting",
            "{option} needs no network hop",
            "{option} offloads traffic before it reaches our clusters",
            "{option} has predictable eviction behaviour",
        ),
        cons=(
            "{option} adds one more failure mode to the request path",
            "{option} invalidation needs a purge API call per key",
            "{option} caches are lost on every deployment",
            "{option} has no persistence",
            "{option} clustering changes the client configuration",
        ),
        steps=(
            "Wrap lookups in a read-through helper with metrics for hits and misses.",
            "Publish an invalidation event on every write to {thing}.",
            "Set a TTL as a safety net, not as the main invalidation mechanism.",
            "Load-test with a cold cache before the rollout.",
        ),
        code=(
            (
                "python",
                "def get_price(sku: str) -> Price:\n"
                '    cached = cache.get(f"price:{sku}")\n'
                "    if cached is not None:\n"
                "        return Price.parse(cached)\n"
                "    price = db.load_price(sku)\n"
                '    cache.set(f"price:{sku}", price.dump(), ex=3600)\n'
                "    return price",
            ),
            (
                "text",
                "cache hit rate (staging, 24 h)\n"
                "- product pages:  96.1 %\n"
                "- price lookups:  88.4 %\n"
                "# misses are mostly cold starts after deploys",
            ),
        ),
        refs=(
            ("Redis documentation", "https://redis.io/docs/latest/"),
            ("Caching best practices", "https://aws.amazon.com/caching/best-practices/"),
        ),
    ),
    Topic(
        key="search",
        options=(
            "OpenSearch",
            "Elasticsearch",
            "PostgreSQL full-text search",
            "Meilisearch",
            "Typesense",
        ),
        things=("product search", "help-center search", "log search", "address autocomplete"),
        titles=(
            "Use {choice} for {thing}",
            "Move {thing} from {alt} to {choice}",
            "Index {thing} asynchronously",
            "Build {thing} on {choice}",
        ),
        problems=(
            "{thing} uses `LIKE '%term%'` queries, which take up to {big} ms on the large tables.",
            "Customers cannot find products when they misspell a brand name.",
            "The search index is rebuilt nightly, so new products appear only the next day.",
            "Relevance tuning requires a code deployment.",
            "The self-hosted cluster ran out of disk twice this year.",
        ),
        drivers=(
            "typo tolerance",
            "updates visible within a minute",
            "relevance tuning without deployments",
            "a managed offering",
            "facets and filters on {n} attributes",
        ),
        pros=(
            "{option} supports fuzzy matching and synonyms",
            "{option} avoids a second datastore",
            "{option} has a managed service in our region",
            "{option} is simple to operate for our index size",
            "{option} supports vector search if we need it later",
        ),
        cons=(
            "{option} needs a separate indexing pipeline",
            "{option} relevance features are basic",
            "{option} clusters need capacity planning for shards",
            "{option} changed its license in the past",
            "{option} has a smaller community",
        ),
        steps=(
            "Index from change events instead of nightly dumps.",
            "Keep index mappings in the repository and version them.",
            "Compare click-through rate against the old search for two weeks.",
            "Remove the `LIKE` queries.",
        ),
        code=(
            (
                "json",
                "{\n"
                '  "mappings": {\n'
                '    "properties": {\n'
                '      "name":  {"type": "text", "analyzer": "standard"},\n'
                '      "brand": {"type": "keyword"},\n'
                '      "price": {"type": "scaled_float", "scaling_factor": 100}\n'
                "    }\n"
                "  }\n"
                "}",
            ),
            (
                "sql",
                "-- the PostgreSQL alternative we prototyped\n"
                "CREATE INDEX products_fts ON products\n"
                "    USING gin (to_tsvector('english', name || ' ' || description));",
            ),
        ),
        refs=(
            ("OpenSearch documentation", "https://opensearch.org/docs/latest/"),
            ("PostgreSQL text search", "https://www.postgresql.org/docs/current/textsearch.html"),
        ),
    ),
    Topic(
        key="feature-flags",
        options=(
            "LaunchDarkly",
            "Unleash",
            "Flagsmith",
            "flags in configuration files",
            "OpenFeature with flagd",
        ),
        things=("release toggles", "experiments", "kill switches", "per-tenant configuration"),
        titles=(
            "Use {choice} for {thing}",
            "Manage {thing} with {choice}",
            "Introduce {thing}",
            "Replace {alt} with {choice}",
        ),
        problems=(
            "Features are released by deploying, so a rollback means another deployment.",
            "There are {n} flags in the code, and nobody knows which ones are still used.",
            "Flags are evaluated differently in the web and mobile clients.",
            "Product managers ask engineers to flip flags by hand in the database.",
            "We need kill switches for {component} that work when the database is down.",
        ),
        drivers=(
            "changes without deployments",
            "an audit log of who changed what",
            "evaluation without a network call on the hot path",
            "an SDK for every client",
            "flag clean-up reminders",
        ),
        pros=(
            "{option} evaluates flags locally from a streamed ruleset",
            "{option} is open source and can be self-hosted",
            "{option} has a UI that product managers can use",
            "{option} needs no extra service",
            "{option} lets us change vendors behind a standard API",
        ),
        cons=(
            "{option} is priced per seat",
            "{option} is one more service to run and back up",
            "{option} changes need a deployment",
            "{option} SDKs differ in features",
            "{option} flags tend to pile up without ownership",
        ),
        steps=(
            "Give every flag an owner and an expiry date.",
            "Wrap evaluation behind one internal interface.",
            "Fail closed for kill switches and open for release toggles.",
            "Report stale flags weekly to the owning team.",
        ),
        code=(
            (
                "yaml",
                "flags:\n"
                "  new-checkout:\n"
                "    owner: payments\n"
                "    expires: 2025-03-31\n"
                "    variants: [on, off]\n"
                "    default: off",
            ),
            (
                "kotlin",
                "// evaluate once per request, never inside loops\n"
                'val enabled = flags.isEnabled("new-checkout", ctx)\n'
                "if (enabled) newCheckout(cart) else legacyCheckout(cart)",
            ),
        ),
        refs=(
            ("OpenFeature", "https://openfeature.dev/docs/reference/intro"),
            (
                "Feature Toggles (Martin Fowler)",
                "https://martinfowler.com/articles/feature-toggles.html",
            ),
        ),
    ),
    Topic(
        key="secrets",
        options=(
            "HashiCorp Vault",
            "AWS Secrets Manager",
            "SOPS-encrypted files",
            "sealed-secrets",
            "1Password Connect",
        ),
        things=("database credentials", "API keys", "TLS certificates", "signing keys"),
        titles=(
            "Store {thing} in {choice}",
            "Use {choice} for {thing}",
            "Rotate {thing} automatically",
            "Move {thing} out of environment files",
        ),
        problems=(
            "{thing} are copied into `.env` files on developer laptops.",
            "A secret was committed to a public repository last year and took {n} hours to rotate.",
            "Rotation is manual and has not happened for most {thing} in two years.",
            "Each environment stores secrets differently.",
            "We cannot tell which service reads which secret.",
        ),
        drivers=(
            "automatic rotation",
            "per-service access policies",
            "an audit trail of reads",
            "no secrets in git in plain text",
            "works for local development",
        ),
        pros=(
            "{option} issues short-lived credentials",
            "{option} is managed and integrates with IAM",
            "{option} keeps secrets in git, encrypted, next to the code",
            "{option} works with our Kubernetes workflow",
            "{option} is already used by the IT team",
        ),
        cons=(
            "{option} must be highly available or deployments stop",
            "{option} costs per secret per month",
            "{option} key management becomes our responsibility",
            "{option} decrypts only inside the cluster",
            "{option} needs a sidecar or init container",
        ),
        steps=(
            "Inventory all secrets and their consumers.",
            "Move {thing} first, then the rest by service.",
            "Enable rotation and alert on failed rotations.",
            "Scan repositories for secrets in CI.",
        ),
        code=(
            (
                "yaml",
                "# .sops.yaml\n"
                "creation_rules:\n"
                "  - path_regex: secrets/prod/.*\\.yaml\n"
                "    kms: arn:aws:kms:eu-west-1:111122223333:key/prod\n"
                "  - path_regex: secrets/dev/.*\\.yaml\n"
                "    age: age1qyqszqgpqyqszqgpqyqszqgpqyqszqgp",
            ),
            (
                "bash",
                "# read a secret at start-up, never at build time\n"
                "export DB_PASSWORD=$(vault kv get -field=password secret/orders/db)",
            ),
        ),
        refs=(
            ("Vault documentation", "https://developer.hashicorp.com/vault/docs"),
            ("SOPS", "https://github.com/getsops/sops"),
        ),
    ),
    Topic(
        key="deployment",
        options=(
            "Kubernetes with Helm",
            "Kubernetes with Kustomize",
            "AWS ECS on Fargate",
            "Nomad",
            "Cloud Run",
        ),
        things=("service deployments", "batch jobs", "preview environments", "rollbacks"),
        titles=(
            "Deploy {component} with {choice}",
            "Use {choice} for {thing}",
            "Move {thing} from {alt} to {choice}",
            "Adopt progressive delivery for {thing}",
        ),
        problems=(
            "Deployments are scripts that SSH into {n} virtual machines one by one.",
            "A failed deployment last month left half of the fleet on the old version.",
            "Preview environments take an hour to create, so reviews skip them.",
            "Resource limits are not set, and one noisy service starved the others.",
            "Rollbacks need the person who wrote the deploy script.",
        ),
        drivers=(
            "declarative configuration in git",
            "automatic rollback on failed health checks",
            "canary releases",
            "cost per environment",
            "a platform the team can operate",
        ),
        pros=(
            "{option} is the standard the platform team supports",
            "{option} templates keep per-environment differences small",
            "{option} removes node management",
            "{option} scales to zero for idle services",
            "{option} has a large ecosystem of operators",
        ),
        cons=(
            "{option} templates become hard to read",
            "{option} overlays grow with every environment",
            "{option} is tied to one cloud provider",
            "{option} has a smaller community",
            "{option} cold starts add {ms} ms to the first request",
        ),
        steps=(
            "Containerize {component} and publish images to the registry.",
            "Describe environments as code and deploy with GitOps.",
            "Enable canary analysis with automatic rollback.",
            "Decommission the virtual machines.",
        ),
        code=(
            (
                "yaml",
                "apiVersion: apps/v1\n"
                "kind: Deployment\n"
                "metadata:\n"
                "  name: orders\n"
                "spec:\n"
                "  replicas: 3\n"
                "  template:\n"
                "    spec:\n"
                "      containers:\n"
                "        - name: orders\n"
                "          image: registry.example.com/orders:1.42.0\n"
                "          resources:\n"
                "            limits: {cpu: 500m, memory: 512Mi}",
            ),
            (
                "dockerfile",
                "FROM python:3.12-slim\n"
                "# install dependencies first to use the layer cache\n"
                "COPY requirements.txt .\n"
                "RUN pip install --no-cache-dir -r requirements.txt\n"
                "COPY . /app\n"
                'CMD ["python", "-m", "orders"]',
            ),
        ),
        refs=(
            ("Kubernetes documentation", "https://kubernetes.io/docs/home/"),
            ("Argo Rollouts", "https://argoproj.github.io/argo-rollouts/"),
        ),
    ),
    Topic(
        key="service-communication",
        options=(
            "gRPC",
            "REST with JSON",
            "GraphQL federation",
            "asynchronous events",
            "Connect RPC",
        ),
        things=(
            "internal service calls",
            "the backend-for-frontend",
            "partner integrations",
            "the mobile API",
        ),
        titles=(
            "Use {choice} for {thing}",
            "Standardize {thing} on {choice}",
            "Replace {alt} with {choice} for {thing}",
            "Define contracts for {thing}",
        ),
        problems=(
            "Services call each other with hand-written HTTP clients that disagree about error "
            "formats.",
            "The mobile app makes {n} requests to render the home screen.",
            "There is no contract between {component} and its consumers.",
            "Timeouts and retries are configured per client and often missing.",
            "Payload changes break consumers at runtime instead of at build time.",
        ),
        drivers=(
            "generated clients",
            "schema-first contracts",
            "streaming support",
            "tooling that works in the browser",
            "consistent error model",
        ),
        pros=(
            "{option} generates typed clients from one schema",
            "{option} is understood by every HTTP tool",
            "{option} lets clients ask for exactly the fields they need",
            "{option} decouples services in time",
            "{option} works over HTTP/1.1 and HTTP/2",
        ),
        cons=(
            "{option} is hard to debug with curl",
            "{option} has no standard for partial failures",
            "{option} needs a gateway and query cost limits",
            "{option} makes request/response flows harder to follow",
            "{option} tooling is younger",
        ),
        steps=(
            "Write the schema for {component} first and review it like code.",
            "Generate clients in CI and publish them as packages.",
            "Set deadlines on every call; default to {ms} ms.",
            "Add breaking-change detection to the pull request checks.",
        ),
        code=(
            (
                "protobuf",
                'syntax = "proto3";\n'
                "package orders.v1;\n"
                "\n"
                "service OrderService {\n"
                "  rpc GetOrder(GetOrderRequest) returns (Order);\n"
                "}",
            ),
            (
                "graphql",
                "# owned by the orders team\n"
                'type Order @key(fields: "id") {\n'
                "  id: ID!\n"
                "  status: OrderStatus!\n"
                "  total: Money!\n"
                "}",
            ),
        ),
        refs=(
            ("gRPC documentation", "https://grpc.io/docs/"),
            ("Google API design guide", "https://cloud.google.com/apis/design"),
        ),
    ),
    Topic(
        key="testing",
        options=(
            "contract tests with Pact",
            "end-to-end tests with Playwright",
            "Testcontainers",
            "property-based tests",
            "a shared staging environment",
        ),
        things=(
            "integration tests",
            "release verification",
            "regression tests",
            "the test pyramid",
        ),
        titles=(
            "Use {choice} for {thing}",
            "Replace {alt} with {choice}",
            "Adopt {choice}",
            "Run {thing} against real dependencies",
        ),
        problems=(
            "The end-to-end suite takes {n} minutes and fails on about one run in five.",
            "Mocks drifted from the real APIs, so tests passed while production broke.",
            "Staging is shared by all teams and is broken most mornings.",
            "Bugs in date handling reached production twice this year.",
            "Nobody trusts a green build enough to deploy on Fridays.",
        ),
        drivers=(
            "fast feedback on pull requests",
            "tests that fail for real reasons only",
            "independent deployability of services",
            "realistic dependencies",
            "coverage of edge cases",
        ),
        pros=(
            "{option} catches contract breaks before deployment",
            "{option} tests what users actually do",
            "{option} runs real databases in throwaway containers",
            "{option} finds edge cases we would not write by hand",
            "{option} needs no new tooling",
        ),
        cons=(
            "{option} needs a broker and discipline from both sides",
            "{option} is slow and brittle when overused",
            "{option} needs Docker on every CI runner",
            "{option} failures can be hard to understand",
            "{option} does not isolate teams from each other",
        ),
        steps=(
            "Quarantine flaky tests automatically and report them daily.",
            "Move {thing} into the service repositories.",
            "Keep the end-to-end suite to the five most important journeys.",
            "Fail the build on new flaky tests.",
        ),
        code=(
            (
                "python",
                "from hypothesis import given, strategies as st\n"
                "\n"
                "@given(st.dates(), st.integers(min_value=0, max_value=400))\n"
                "def test_due_date_is_never_before_issue_date(issued, days):\n"
                "    assert due_date(issued, days) >= issued",
            ),
            (
                "javascript",
                "// checkout smoke test, runs after every deployment\n"
                "test('guest can pay by card', async ({ page }) => {\n"
                "  await page.goto('/cart');\n"
                "  await page.getByRole('button', { name: 'Checkout' }).click();\n"
                "});",
            ),
        ),
        refs=(
            ("Pact documentation", "https://docs.pact.io/"),
            ("Testcontainers", "https://testcontainers.com/"),
        ),
    ),
    Topic(
        key="logging",
        options=("structured JSON logs", "logfmt", "OpenTelemetry logs", "plain-text logs", "Loki"),
        things=("application logs", "access logs", "audit logs", "log retention"),
        titles=(
            "Write {thing} as {choice}",
            "Use {choice} for {thing}",
            "Define a retention policy for {thing}",
            "Remove personal data from {thing}",
        ),
        problems=(
            "Log lines are free text, and every dashboard parses them with its own regular "
            "expression.",
            "We store {n} TB of logs a month and pay for all of it.",
            "Customer e-mail addresses appear in {thing}.",
            "Audit logs can be edited by anyone with database access.",
            "Log levels are inconsistent; production logs at DEBUG in two services.",
        ),
        drivers=(
            "machine-readable fields",
            "no personal data in logs",
            "retention by log type",
            "correlation with traces",
            "cost per GB",
        ),
        pros=(
            "{option} can be queried by field without parsing",
            "{option} is readable in a terminal",
            "{option} carries trace and span ids",
            "{option} needs no library change",
            "{option} indexes only labels, which keeps storage cheap",
        ),
        cons=(
            "{option} lines are long and hard to read by eye",
            "{option} has no standard for nested values",
            "{option} support in our language is still experimental",
            "{option} pushes parsing to every consumer",
            "{option} full-text queries are slow",
        ),
        steps=(
            "Adopt one logging library configuration per language.",
            "Redact known personal fields at the logger, not at the collector.",
            "Set retention: 14 days for debug, 90 days for access, 7 years for audit.",
            "Alert when a service logs more than {big} lines per second.",
        ),
        code=(
            (
                "json",
                '{"ts":"2024-03-02T10:15:00.123Z","level":"info","msg":"order created",'
                '"order_id":"A-10442","trace_id":"4bf92f3577b34da6a3ce929d0e0e4736"}',
            ),
            (
                "text",
                'ts=2024-03-02T10:15:00Z level=info msg="order created" order_id=A-10442\n'
                'ts=2024-03-02T10:15:01Z level=warn msg="retrying payment" attempt=2',
            ),
        ),
        refs=(
            (
                "OpenTelemetry logs data model",
                "https://opentelemetry.io/docs/specs/otel/logs/data-model/",
            ),
            ("The Twelve-Factor App: Logs", "https://12factor.net/logs"),
        ),
    ),
    Topic(
        key="identifiers",
        options=("UUIDv7", "ULID", "database sequences", "Snowflake-style IDs", "UUIDv4"),
        things=("order numbers", "public identifiers", "primary keys", "event ids"),
        titles=(
            "Use {choice} for {thing}",
            "Replace {alt} with {choice} for {thing}",
            "Separate {thing} from internal keys",
            "Generate {thing} in the application",
        ),
        problems=(
            "Sequential ids expose how many orders we take per day.",
            "Random UUIDs fragment the primary key index; inserts slowed down by {pct} %.",
            "Ids are generated by the database, so we cannot create records offline on mobile.",
            "Two systems generate {thing} independently and collided last year.",
            "Support staff read ids over the phone and mistype them.",
        ),
        drivers=(
            "time-ordered keys for index locality",
            "no coordination between writers",
            "ids that do not leak business volume",
            "a short form for humans",
            "support in all our languages",
        ),
        pros=(
            "{option} sorts by creation time",
            "{option} needs no central coordinator",
            "{option} is supported natively by the database",
            "{option} is compact and URL-safe",
            "{option} is an IETF standard",
        ),
        cons=(
            "{option} still needs a separate human-friendly code",
            "{option} leaks the creation time",
            "{option} requires a worker-id assignment",
            "{option} is random and hurts index locality",
            "{option} libraries are not available for every language",
        ),
        steps=(
            "Add a new column and backfill it in batches of {n} thousand rows.",
            "Expose only the new id in the API.",
            "Keep the internal key for joins.",
            "Document the format in the API reference.",
        ),
        code=(
            (
                "python",
                "import uuid6\n"
                "\n"
                "def new_order_id() -> str:\n"
                "    # time-ordered, generated without a database round trip\n"
                "    return str(uuid6.uuid7())",
            ),
            (
                "sql",
                "ALTER TABLE orders ADD COLUMN public_id uuid;\n"
                "UPDATE orders SET public_id = gen_random_uuid() WHERE public_id IS NULL;",
            ),
        ),
        refs=(
            ("RFC 9562: UUIDs", "https://www.rfc-editor.org/rfc/rfc9562"),
            ("ULID specification", "https://github.com/ulid/spec"),
        ),
    ),
    Topic(
        key="dependencies",
        options=(
            "Renovate",
            "Dependabot",
            "quarterly manual upgrades",
            "uv with a lock file",
            "pip-tools",
        ),
        things=(
            "third-party dependencies",
            "base images",
            "Python packages",
            "JavaScript packages",
        ),
        titles=(
            "Keep {thing} up to date with {choice}",
            "Use {choice} for {thing}",
            "Pin {thing} with lock files",
            "Replace {alt} with {choice}",
        ),
        problems=(
            "Some services are {few} major versions behind on their web framework.",
            "A vulnerable transitive dependency took two weeks to find across repositories.",
            "Builds are not reproducible because ranges resolve differently each day.",
            "Upgrade pull requests pile up unreviewed.",
            "Each repository pins dependencies in a different way.",
        ),
        drivers=(
            "reproducible builds",
            "security fixes within a week",
            "grouped updates to reduce review load",
            "automerge for patch releases with green tests",
            "one approach across repositories",
        ),
        pros=(
            "{option} groups related updates into one pull request",
            "{option} is built into our code host",
            "{option} needs no bot permissions",
            "{option} resolves and installs quickly",
            "{option} produces hashes for every pinned package",
        ),
        cons=(
            "{option} configuration is large",
            "{option} opens one pull request per package by default",
            "{option} lets versions fall behind between rounds",
            "{option} is new and still changing",
            "{option} needs a separate compile step",
        ),
        steps=(
            "Add lock files to every repository.",
            "Enable automerge for patch updates with passing checks.",
            "Review major upgrades in the weekly maintenance slot.",
            "Track the age of dependencies on the team dashboard.",
        ),
        code=(
            (
                "json",
                "{\n"
                '  "extends": ["config:recommended"],\n'
                '  "packageRules": [\n'
                '    {"matchUpdateTypes": ["patch"], "automerge": true}\n'
                "  ]\n"
                "}",
            ),
            (
                "toml",
                "[project]\n"
                'name = "orders"\n'
                'requires-python = ">=3.11"\n'
                "dependencies = [\n"
                '    "httpx>=0.27",\n'
                '    "pydantic>=2.6",\n'
                "]",
            ),
        ),
        refs=(
            ("Renovate documentation", "https://docs.renovatebot.com/"),
            ("Dependabot", "https://docs.github.com/en/code-security/dependabot"),
        ),
    ),
)

#: The topic of the first record of a series: deciding to write decision records.
META = Topic(
    key="decision-records",
    options=(
        "Markdown decision records in the repository",
        "pages in the wiki",
        "Log4brains",
        "shared documents",
    ),
    things=("architecture decisions",),
    titles=("Record architecture decisions",),
    problems=(
        "We need to record the architectural decisions made on this project.",
        "Decisions are made in meetings and chat threads and are hard to find later.",
        "New team members ask why things are the way they are, and nobody remembers.",
    ),
    drivers=(
        "decisions live next to the code",
        "reviewable in pull requests",
        "low ceremony",
    ),
    pros=(
        "{option} are versioned with the code",
        "{option} can be reviewed like code",
        "{option} render nicely on the code host",
    ),
    cons=(
        "{option} are hard to find for people outside engineering",
        "{option} drift out of date without ownership",
        "{option} need a tool to browse",
    ),
    steps=(
        "Use the template in this folder for new records.",
        "Number records sequentially and never reuse a number.",
        "Supersede records instead of editing old decisions.",
    ),
    code=(
        ("sh", "# create a new record with adr-tools\nadr new Use PostgreSQL for order history"),
        ("bash", 'npx log4brains adr new "Use PostgreSQL for order history"'),
    ),
    refs=(
        (
            "Documenting Architecture Decisions (Michael Nygard)",
            "https://cognitect.com/blog/2011/11/15/documenting-architecture-decisions",
        ),
        ("MADR", "https://adr.github.io/madr/"),
    ),
)
