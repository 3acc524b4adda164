#!/bin/sh
# Makes sure libxml2's xmllint (Debian's libxml2-utils) is installed for the strict XML tests (test/resilience/
# xml-well-formed.test.ts), and never fails the test run: without it those tests say why and are skipped.
# Idempotent: does nothing when xmllint is on PATH.
if command -v xmllint >/dev/null 2>&1; then
  exit 0
fi
if [ "${SKIP_XMLLINT_INSTALL:-}" = "1" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-xmllint: not installing libxml2-utils (no apt-get, or SKIP_XMLLINT_INSTALL=1); the strict XML tests will be skipped"
  exit 0
fi
if [ "$(id -u)" = "0" ]; then
  AS_ROOT=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  AS_ROOT="sudo -n"
else
  echo "ensure-xmllint: apt-get needs root and sudo is not available without a password; the strict XML tests will be skipped"
  exit 0
fi
echo "ensure-xmllint: installing Debian's libxml2-utils package (once)"
export DEBIAN_FRONTEND=noninteractive
if $AS_ROOT apt-get -o DPkg::Lock::Timeout=600 install -y -qq libxml2-utils >/dev/null 2>&1 ||
  { $AS_ROOT apt-get -o DPkg::Lock::Timeout=600 update -qq && $AS_ROOT apt-get -o DPkg::Lock::Timeout=600 install -y -qq libxml2-utils >/dev/null; }; then
  echo "ensure-xmllint: installed $(command -v xmllint)"
else
  echo "ensure-xmllint: apt-get could not install libxml2-utils; the strict XML tests will be skipped"
fi
exit 0
