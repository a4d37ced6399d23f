// ClassicModels: two-phase commit, Die Hard jugs, a buggy mutex (issue 2). Placeholder keeps the package building.
