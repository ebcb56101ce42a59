#!/usr/bin/env python3
"""Writes a dpkg status file of a fresh, minimal Debian: this machine's /var/lib/dpkg/status cut
to the installed packages of priority "required", the essential ones and apt, with everything
they depend on (what a debian:bookworm image holds). Given to apt-get as Dir::State::status, it
lets apt say what a fresh machine would have to download for a list of packages
(docs/performance-app.md, "./dev.sh run").

usage: fresh_debian_status.py OUT
"""
import re
import sys


def installed_packages(path="/var/lib/dpkg/status"):
    packages = {}
    for stanza in open(path, encoding="utf-8").read().strip().split("\n\n"):
        fields = {}
        for line in stanza.split("\n"):
            match = re.match(r"^([A-Za-z-]+): ?(.*)", line)
            if match:
                fields[match.group(1)] = match.group(2)
        if "install ok installed" in fields.get("Status", ""):
            packages[fields["Package"].split(":")[0]] = (fields, stanza)
    return packages


def base_closure(packages):
    wanted = [name for name, (fields, _) in packages.items()
              if fields.get("Priority") == "required" or fields.get("Essential") == "yes"]
    wanted.append("apt")
    seen = set()
    while wanted:
        name = wanted.pop()
        if name in seen or name not in packages:
            continue
        seen.add(name)
        fields = packages[name][0]
        for field in ("Depends", "Pre-Depends"):
            for alternatives in fields.get(field, "").split(","):
                for candidate in alternatives.split("|"):
                    candidate = candidate.strip().split(" ")[0].split(":")[0]
                    if candidate in packages:  # the first alternative installed here
                        wanted.append(candidate)
                        break
    return seen


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    packages = installed_packages()
    base = base_closure(packages)
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        out.write("\n\n".join(packages[name][1] for name in sorted(base)) + "\n")
    print(f"{len(base)} packages in {sys.argv[1]}")


if __name__ == "__main__":
    main()
