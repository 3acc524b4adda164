#!/bin/sh
# Makes sure Debian's chromium package is installed for the browser tests (test/browser/), and never fails the test
# run: without chromium those tests say why and are skipped. Idempotent: does nothing when /usr/bin/chromium exists.
# The browser is Debian's build, installed with apt; no test downloads a browser.
CHROMIUM=/usr/bin/chromium
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "${SKIP_CHROMIUM_INSTALL:-}" = "1" ]; then
  echo "ensure-chromium: SKIP_CHROMIUM_INSTALL=1, not installing; the browser tests will be skipped"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: no apt-get on this machine; install chromium yourself or the browser tests will be skipped"
  exit 0
fi
if [ "$(id -u)" = "0" ]; then
  AS_ROOT=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  AS_ROOT="sudo -n"
else
  echo "ensure-chromium: apt-get needs root and sudo is not available without a password; the browser tests will be skipped"
  exit 0
fi
echo "ensure-chromium: installing Debian's chromium package (once)"
export DEBIAN_FRONTEND=noninteractive
if $AS_ROOT apt-get -o DPkg::Lock::Timeout=600 update -qq && $AS_ROOT apt-get -o DPkg::Lock::Timeout=600 install -y -qq chromium >/dev/null; then
  echo "ensure-chromium: installed $($CHROMIUM --version 2>/dev/null)"
else
  echo "ensure-chromium: apt-get could not install chromium; the browser tests will be skipped"
fi
exit 0
