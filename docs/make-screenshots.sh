#!/usr/bin/env bash
# Regenerates the pictures under docs/images from the app's own --screenshot mode.
# Needs a build (./dev.sh test or ./dev.sh run) and xvfb-run.
set -euo pipefail
cd "$(dirname "$0")/.."
app=build/default/app/ccdlab
mkdir -p docs/images
shoot() { # scene, t, output
    xvfb-run -a -s "-screen 0 1600x1000x24" "$app" --scene "$1" --t "$2" --size 1400x900 \
        --screenshot "docs/images/$3"
    echo "wrote docs/images/$3"
}
shoot scenes/default.json 0.3 query-lab.png
shoot scenes/seed004-infinite-line.json 0 algorithms-disagree.png
shoot scenes/bouncing-balls.json 0.5 world.png
