#!/usr/bin/env bash
# Makes sure the tesseract OCR engine is on the PATH (bench/legibility.py reads the boards with it):
# installed from the system's packages when missing. Debian and Ubuntu only; elsewhere it says what
# to install.
set -euo pipefail
if command -v tesseract >/dev/null 2>&1; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "tesseract is missing: install the tesseract-ocr package of your system" >&2
    exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    sudo="sudo"
fi
echo "installing tesseract-ocr from the system's packages" >&2
$sudo apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq tesseract-ocr >&2
