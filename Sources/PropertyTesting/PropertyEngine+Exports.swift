// The engine (generators, shrinking, profiles, corpus) lives in `PropertyEngine`, which does
// not link swift-testing, so the cardcheck executable can use it; tests import this module.
@_exported import PropertyEngine
