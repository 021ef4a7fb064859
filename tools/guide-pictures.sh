#!/usr/bin/env bash
# Makes the pictures of the user guide (resources/guide/*.png) with sightline-cli render,
# from the demo table. Run after a build: bash tools/guide-pictures.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cli=build/app/cli/sightline-cli
demo=scenarios/demo.sightline.json
out=resources/guide
"$cli" render "$demo" -o "$out/not-visible.png" --width 640 --observer b-int-1 --target r-nob
"$cli" render "$demo" -o "$out/visible.png" --width 640 --observer b-int-1 --target r-grot
"$cli" render "$demo" -o "$out/all-enemies.png" --width 640 --observer b-int-1
"$cli" render "$demo" -o "$out/measuring.png" --width 640 --observer b-captain --measure r-trukk --rings 6,12,18,24
"$cli" analyze "$demo" -o "$out/vision-map.png" --width 640 --observer b-int-1 --spacing 0.5 > /dev/null 2>&1
"$cli" analyze scenarios/layouts/11e/bm-purge-vs-purge-01.sightline.json -o "$out/exposure-map.png" --width 640 --zone deployment-attacker --spacing 1 --zone-spacing 2 > /dev/null 2>&1
