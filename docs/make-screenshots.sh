#!/usr/bin/env bash
# Regenerates the pictures under docs/images from the app's own --screenshot mode.
# Needs a build (./dev.sh test or ./dev.sh run) and xvfb-run.
set -euo pipefail
cd "$(dirname "$0")/.."
app=build/default/app/ccdlab
mkdir -p docs/images
xvfb-run -a -s "-screen 0 1600x1000x24" "$app" --scene scenes/default.json --t 0.3 \
    --size 1280x800 --screenshot docs/images/query-lab.png
echo "wrote docs/images/query-lab.png"
