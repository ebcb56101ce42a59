#!/usr/bin/python3
"""Every scene under scenes/ and fixture under tests/fixtures/ validates against
scenes/ccdlab-scene.schema.json, and the schema refuses what the loader refuses (so this test
can fail). Run by CTest with Debian's python3 and python3-jsonschema:
    /usr/bin/python3 tests/core/scenario/validate_scenes.py <repository root>
"""
import copy
import json
import pathlib
import sys

try:
    import jsonschema
except ImportError:
    sys.exit("validate_scenes.py: needs python3-jsonschema (./dev.sh installs it)")

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
schema = json.loads((root / "scenes" / "ccdlab-scene.schema.json").read_text())
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)

failures = []
counts = {}
for folder in ("scenes", "tests/fixtures"):
    files = sorted(p for p in (root / folder).glob("*.json") if ".schema." not in p.name)
    counts[folder] = len(files)
    for path in files:
        for error in validator.iter_errors(json.loads(path.read_text())):
            pointer = "/" + "/".join(str(part) for part in error.absolute_path)
            failures.append(f"{path.relative_to(root)}: {pointer}: {error.message}")

# The schema must refuse each of these changes to a valid fixture.
base = json.loads((root / "tests/fixtures/ball-falls-onto-floor.json").read_text())


def changed(edit):
    document = copy.deepcopy(base)
    edit(document)
    return document


must_refuse = {
    "an unknown top-level key": lambda d: d.update(colour="red"),
    "version 2": lambda d: d.update(version=2),
    "another format": lambda d: d.update(format="something"),
    "an unknown algorithm": lambda d: d.update(algorithm="magic"),
    "a negative radius": lambda d: d["bodies"][0].update(radius=-1),
    "a circle without a radius": lambda d: d["bodies"][0].pop("radius"),
    "a point with a radius": lambda d: d["bodies"][0].update(shape="point"),
    "an unknown response": lambda d: d["bodies"][0].update(response="teleport"),
    "a restitution above 1": lambda d: d["bodies"][0].update(restitution=1.5),
    "a position with three numbers": lambda d: d["bodies"][0].update(position=[0, 1, 2]),
    "a string for a number": lambda d: d["bodies"][0].update(velocity=["0", 1]),
    "a missing velocity": lambda d: d["bodies"][0].pop("velocity"),
    "an empty name": lambda d: d["segments"][0].update(name=""),
    "an unknown segment key": lambda d: d["segments"][0].update(dc=[0, 0]),
    "a polygon with two vertices": lambda d: d.update(
        polygons=[{"name": "p", "vertices": [[0, 0], [1, 0]], "velocity": [0, 0]}]),
    "a zero view height": lambda d: d["view"].update(height=0),
    "an event time above 1": lambda d: d["expect"]["events"][0].update(time=1.5),
    "an event without a normal": lambda d: d["expect"]["events"][0].pop("normal"),
    "an unknown feature": lambda d: d["expect"]["events"][0].update(feature="side"),
    "a negative tolerance": lambda d: d["expect"]["tolerance"].update(distance=-1),
    "zero frames": lambda d: d["expect"].update(frames=0),
    "more frames than the limit": lambda d: d["expect"].update(frames=100001),
    "an event in a frame beyond the limit": lambda d: d["expect"]["events"][0].update(
        frame=100000),
    "a polygon of 256 vertices": lambda d: d.update(
        polygons=[{"name": "p", "vertices": [[k, k * k] for k in range(256)],
                   "velocity": [0, 0]}]),
    "an expectation without events": lambda d: d["expect"].pop("events"),
    "a segment's angle without a pivot": lambda d: d["segments"][0].update(angle=1.0),
    "a segment that turns and moves its ends": lambda d: d["segments"][0].update(
        pivot=[0, 0], angle=1.0, da=[0, 1]),
    "a polygon's angular velocity as a string": lambda d: d.update(
        polygons=[{"name": "p", "vertices": [[0, 0], [1, 0], [1, 1]], "velocity": [0, 0],
                   "angular_velocity": "fast"}]),
    "a static body with a velocity": lambda d: d["bodies"][0].update({"static": True}),
    "a static polygon with an angular velocity": lambda d: d.update(
        polygons=[{"name": "p", "static": True, "vertices": [[0, 0], [1, 0], [1, 1]],
                   "angular_velocity": 0}]),
    "a static polygon with a mass": lambda d: d.update(
        polygons=[{"name": "p", "static": True, "vertices": [[0, 0], [1, 0], [1, 1]],
                   "mass": 1}]),
    "static as a string": lambda d: d["bodies"][0].update({"static": "yes"}),
    "a polygon with both a density and a mass": lambda d: d.update(
        polygons=[{"name": "p", "vertices": [[0, 0], [1, 0], [1, 1]], "velocity": [0, 0],
                   "density": 1, "mass": 1}]),
    "a chain of one point": lambda d: d.update(chains=[{"name": "c", "points": [[0, 0]]}]),
    "a loop of two points": lambda d: d.update(
        chains=[{"name": "c", "points": [[0, 0], [1, 0]], "loop": True}]),
    "a chain's loop as a string": lambda d: d.update(
        chains=[{"name": "c", "points": [[0, 0], [1, 0]], "loop": "yes"}]),
    "a units.dt of 0": lambda d: d.update(units={"dt": 0}),
    "a polygon's mass of 0": lambda d: d.update(
        polygons=[{"name": "p", "vertices": [[0, 0], [1, 0], [1, 1]], "velocity": [0, 0],
                   "mass": 0}]),
    "gravity as one number": lambda d: d.update(gravity=-9.81),
    "a gravity scale as a string": lambda d: d["bodies"][0].update(gravity_scale="half"),
    "a static body with a gravity scale": lambda d: d["bodies"][0].update(
        {"static": True, "gravity_scale": 2}) or d["bodies"][0].pop("velocity"),
    "an unknown units key": lambda d: d.update(units={"fps": 60}),
    "a zero time step": lambda d: d.update(units={"dt": 0}),
}
if validator.is_valid(base):
    for what, edit in must_refuse.items():
        if validator.is_valid(changed(edit)):
            failures.append(f"the schema accepts {what}")

if counts["scenes"] < 9 or counts["tests/fixtures"] < 3:
    failures.append(f"too few files found: {counts}")
for failure in failures:
    print(failure)
print(f"validate_scenes.py: {counts['scenes']} scenes, {counts['tests/fixtures']} fixtures, "
      f"{len(must_refuse)} refusals checked, {len(failures)} failures")
sys.exit(1 if failures else 0)
