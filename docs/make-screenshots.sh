#!/usr/bin/env bash
# Regenerates the pictures from the app's own --screenshot mode (the window as a run shows it):
# the README's four at 1280x800 in docs/images, and every stop of the tour at the two sizes
# the app is checked at: 800x600, the smallest it supports (docs/images/tour, what docs/tour.md
# shows), and 1280x800 (build/screenshots/1280x800, to look at; not kept in the repository);
# with the web build (./dev.sh web) and chromium, the page in a browser (docs/images/web.png).
# Needs a build (./dev.sh test or ./dev.sh run) and xvfb-run.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=build/default/app
[ -x "$bin/ccdlab" ] || bin=build/app/app # ./dev.sh run's
app=$bin/ccdlab
mkdir -p docs/images/tour build/screenshots/1280x800
shoot() { # size, scene, t, output, [more ccdlab options]
    xvfb-run -a -s "-screen 0 1600x1000x24" "$app" --scene "$2" --t "$3" --size "$1" \
        --screenshot "$4" "${@:5}"
    echo "wrote $4"
}
shoot 1280x800 scenes/default.json 0.3 docs/images/query-lab.png
shoot 1280x800 scenes/seed004-infinite-line.json 0 docs/images/algorithms-disagree.png
shoot 1280x800 scenes/bouncing-balls.json 0.5 docs/images/world.png
shoot 1280x800 scenes/bouncing-balls.json 0.5 docs/images/compare.png --compare algorithm=seed004 \
    --frame 4
if [ -f build/web/index.html ]; then
    python3 tests/web/web_test.py picture "$PWD" "$bin/ccdlab-cli" scenes/default.json \
        docs/images/web.png
    echo "wrote docs/images/web.png"
fi
# The tour (docs/tour.md), in the order of scenes/tour.txt, each at the time its description
# talks about.
while read -r scene t options; do
    # shellcheck disable=SC2086 # the options are words
    shoot 800x600 "scenes/$scene.json" "$t" "docs/images/tour/$scene.png" $options
    # shellcheck disable=SC2086
    shoot 1280x800 "scenes/$scene.json" "$t" "build/screenshots/1280x800/$scene.png" $options
done <<'TOUR'
default 0.3
exhibit-seed000-formula-slip 0.6
two-circles 0.54
seed002-moving-point-vs-moving-segment 0.5
moving-segment-circle 0.5
seed002-two-polygons 0.4
ball-meets-a-crate 0.52
crate-meets-a-closing-rod 0.5
seed003-phaser-tilted-line 0.6
seed004-infinite-line 0
gravity-ball-meets-a-ledge 0.75
turning-paddle-tunnels 0.2233
turning-windmill-graze 0.5
turning-plank-in-a-gap 0.7353
turning-box2d-gives-up 0.109
seed002-turning-polygons 0.4055
seed000-doomolish-hallway 0.6
seed001-sliding-disks 0.8
seed001-stuck-on-a-joint 1 --discrete slide-move-first-found
tiles-box-slides-over-a-seam 0.7 --discrete slide-move
tiles-chain-box-slides-over-the-seams 0.9
box2d-import-ball-box-and-ground 0.75 --frame 18
seed004-a-hits-b-first 0.3
bouncing-balls 0.5
polygons-in-a-box 0.15
world-crate-spun-by-a-ball 0.9
world-paddle-bats-balls 0.7
world-windmill-in-a-box 0.55
world-turning-crates-in-a-box 0.35
exhibit-bullet-thin-wall 0.24875
exhibit-float32-graze 0.5
exhibit-simultaneous-impacts 0.625
exhibit-chattering-corner 0.55
exhibit-squeezed-elastic-ball 0.665
engines-ball-through-plate 0.46 --mode world --frame 1 --compare-engine box2d
engines-ball-through-plate-as-bullet 0.46 --mode world --frame 1
engines-balls-pass-through 0.5 --mode world --frame 1 --compare-engine box2d
engines-balls-pass-through-as-bullet 0.5 --mode world --frame 1
engines-slow-ball-under-threshold 0.3 --mode world --frame 4
engines-slow-ball-lower-threshold 0.3 --mode world --frame 4
engines-flipper-passes-a-ball 0.648
stress-2000-balls 0.5
blank 0
TOUR
