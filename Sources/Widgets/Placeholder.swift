// Widgets: being built (see the issues). This placeholder keeps the package building.
