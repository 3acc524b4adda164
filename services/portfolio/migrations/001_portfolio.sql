-- Paper portfolios and their NAV snapshots (several a day possible; metrics use the last of each work date).
CREATE TABLE portfolio.portfolios (
  portfolio_id     text PRIMARY KEY,
  name             text NOT NULL,
  kind             text NOT NULL CHECK (kind IN ('persona', 'benchmark')),
  owner_analyst_id text,
  benchmark_id     text,
  inception_date   date NOT NULL
);

CREATE TABLE portfolio.nav_snapshots (
  portfolio_id text NOT NULL REFERENCES portfolio.portfolios ON DELETE CASCADE,
  taken_at     bigint NOT NULL,
  nav          double precision NOT NULL CHECK (nav > 0),
  PRIMARY KEY (portfolio_id, taken_at)
);
