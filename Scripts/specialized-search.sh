#!/usr/bin/env bash
# Checks that a release cardcheck runs each model's search specialized for that model.
#
#   swift build -c release --product cardcheck && Scripts/specialized-search.sh .build/release/cardcheck
#
# The search is generic over the model; the executable's modules specialize it only when
# cross-module optimization could serialize it from Explorer. One construct it cannot serialize
# inlined into BreadthFirstSearch.run (a key path, as in fb1c371) leaves every model's search
# unspecialized, 2-8 times slower, with every test still passing (issue 34). Prints what is
# missing and exits 1; exit 2 on bad arguments.
set -euo pipefail
binary=${1:-.build/release/cardcheck}
if [ ! -x "$binary" ]; then
    echo "specialized-search.sh: $binary: no such executable (expected a release cardcheck)" >&2
    exit 2
fi
symbols=$(nm "$binary")
missing=0
for model in 13ClassicModels14TwoPhaseCommitV 13ClassicModels9FlagMutexV 13ClassicModels7DieHardV \
             10FleetModel0G6SystemV 12CheckinModel0G6SystemV; do
    if ! grep -q "18BreadthFirstSearchV3runAA0D6ReportVyxGyF${model}_Tg5\$" <<<"$symbols"; then
        echo "not specialized: BreadthFirstSearch.run for $model" >&2
        missing=1
    fi
done
[ "$missing" = 0 ] && echo "the search is specialized for every model ($binary)"
exit "$missing"
