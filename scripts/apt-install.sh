#!/usr/bin/env bash
# Installs the Debian packages named as arguments, without prompts, as root or
# through sudo (apt's sandbox user set to root, as apt needs on these machines).
# Shared by the install-*.sh scripts.
set -euo pipefail
[ $# -gt 0 ] || exit 0
echo "installing $* (apt)"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get -o APT::Sandbox::User=root update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get -o APT::Sandbox::User=root install -y -qq --no-install-recommends "$@" >/dev/null
