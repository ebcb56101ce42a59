#!/usr/bin/env python3
"""Writes scenes/stress-2000-balls.json: python3 scenes/make-stress-scene.py 2000 scenes/stress-2000-balls.json

N equal elastic disks (r = 0.25) on a grid in a closed square box sized for a packing fraction
of 0.3, with random directions and speeds of 0.1 to 0.5 units per frame (a fixed seed: the same
N always gives the same file)."""
import json, math, random, sys
n = int(sys.argv[1]); out = sys.argv[2]
rng = random.Random(4)
# Equal disks of radius 0.25 in a square box at packing fraction ~0.3, moving up to 2 radii a frame.
r = 0.25
area = n * math.pi * r * r / 0.3
side = math.sqrt(area)
cols = math.ceil(math.sqrt(n)); pitch = side / cols
half = side / 2
bodies = []
for i in range(n):
    x = -half + pitch * (i % cols + 0.5)
    y = -half + pitch * (i // cols + 0.5)
    a = rng.uniform(0, 2 * math.pi); s = rng.uniform(0.1, 0.5)
    bodies.append('    { "name": "b%d", "shape": "circle", "position": [%s, %s], "velocity": [%s, %s], "radius": 0.25 }' % (
        i, repr(round(x, 4)), repr(round(y, 4)), repr(round(s * math.cos(a), 4)), repr(round(s * math.sin(a), 4))))
h = round(half + 0.01, 2)
segs = [('floor', (-h, -h), (h, -h)), ('right', (h, -h), (h, h)), ('ceiling', (h, h), (-h, h)), ('left', (-h, h), (-h, -h))]
text = '{\n  "format": "ccdlab-scene",\n  "version": 1,\n  "title": "Stress: %d balls in a box",\n' % n
text += '  "description": %s,\n' % json.dumps("%d equal elastic balls (r = 0.25) in a closed box at a packing fraction of 0.3, moving up to two radii per frame: hundreds of collisions every frame. Press Space to play and watch the frame rate; the scheduler finds every contact in time order (docs/scheduler.md, docs/performance.md). Made by scenes/make-stress-scene.py." % n)
text += '  "bodies": [\n' + ',\n'.join(bodies) + '\n  ],\n'
text += '  "segments": [\n' + ',\n'.join('    { "name": "%s", "a": [%r, %r], "b": [%r, %r] }' % (nm, a[0], a[1], b[0], b[1]) for nm, a, b in segs) + '\n  ]\n}\n'
open(out, 'w').write(text)
