#!/bin/sh
# buf breaking: the protobuf contract in proto/ may not break what the last commit of main declares (rules: buf.yaml's
# `breaking` section), so a service and a gateway built from different commits keep understanding each other.
# Compares against the local branch main, else origin/main (a clone that checked out another branch), by commit id:
# buf reads it from this repository's own git directory, which works offline, in a shallow clone and in a git
# worktree. On main itself the comparison is with itself and passes. Without git or a main, it says so and passes.
set -eu
if against=$(git rev-parse --verify --quiet 'main^{commit}' 2>/dev/null) ||
  against=$(git rev-parse --verify --quiet 'origin/main^{commit}' 2>/dev/null); then
  exec buf breaking --against ".git#ref=$against"
fi
echo "buf-breaking: no git branch main or origin/main here, nothing to compare the protobuf contract with; skipped"
