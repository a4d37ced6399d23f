// swift-tools-version:6.2
import PackageDescription

// Engine, harness, documented logic, models of it, the command line: one folder each.
let package = Package(
    name: "cardcheck",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "cardcheck", targets: ["cardcheck"]),
        // The distributed search: the same `check` over MPI (Docs/distributed.md: why apart).
        .executable(name: "cardcheck-mpi", targets: ["cardcheck-mpi"]),
        .library(name: "Explorer", targets: ["Explorer"]),
        .library(name: "PropertyTesting", targets: ["PropertyTesting"]),
    ],
    targets: [
        // GNU MP through pkg-config; the header shim wraps the macros Swift cannot import.
        .systemLibrary(
            name: "CGMP",
            pkgConfig: "gmp",
            providers: [.apt(["libgmp-dev"]), .brew(["gmp"])]
        ),
        .target(name: "BigNum", dependencies: ["CGMP"]),
        // Open MPI through pkg-config; the shim returns the handles its macros name.
        .systemLibrary(
            name: "CMPI",
            pkgConfig: "ompi-c",
            providers: [.apt(["libopenmpi-dev"]), .brew(["open-mpi"])]
        ),
        .target(name: "SeededRandom"),
        // A cache prefetch hint for the visited set (C: Swift has none).
        .target(name: "CPrefetch"),
        // The search is generic over the model: cross-module optimization lets each model's
        // module specialize it (unspecialized, it runs 5-10x slower).
        .target(
            name: "Explorer", dependencies: ["BigNum", "SeededRandom", "CPrefetch"], exclude: ["README.md"],
            swiftSettings: [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]),
        .target(name: "ClassicModels", dependencies: ["Explorer"]),
        // The harness's engine; `PropertyTesting` adds `forAll` on swift-testing, which the
        // executable must not link (libTesting loads all of Foundation at start-up).
        .target(name: "PropertyEngine", dependencies: ["SeededRandom"]),
        .target(name: "PropertyTesting", dependencies: ["PropertyEngine"]),
        .target(name: "FleetCard"),
        .target(name: "FleetModel", dependencies: ["Explorer", "FleetCard", "BigNum"], exclude: ["README.md"]),
        .target(name: "Widgets", dependencies: ["BigNum"]),
        .target(name: "CIRun", dependencies: ["Explorer"]),
        .target(name: "CheckinModel", dependencies: ["Explorer", "Widgets"]),
        .target(
            name: "CardcheckCLI",
            dependencies: ["Explorer", "ClassicModels", "FleetModel", "CheckinModel", "BigNum", "SeededRandom", "PropertyEngine", "CIRun"]
        ),
        // The release executable is linked statically (Linux): the Swift runtime, Foundation,
        // libc and GMP inside it, so no shared library's relocation and symbol tables are paged
        // in (a search's whole-process peak is ~10 MiB lower) and runtime calls skip the PLT.
        // Foundation's static archives need their own dependencies named (the modules were
        // compiled for the shared ones). Debug builds and tests link the shared libraries.
        .executableTarget(
            name: "cardcheck", dependencies: ["CardcheckCLI", "PropertyEngine"],
            linkerSettings: [
                .unsafeFlags(
                    ["-static-executable", "-lFoundation", "-lCoreFoundation", "-lFoundationInternationalization",
                     "-lFoundationEssentials", "-l_FoundationCShims", "-l_FoundationCollections", "-l_FoundationICU",
                     "-lstdc++", "-lm"],
                    .when(platforms: [.linux], configuration: .release))
            ]),
        // Linked dynamically (Open MPI loads its transports as plugins at run time), so apart
        // from the static `cardcheck`; `check` is the same library code in both.
        .target(name: "MPIFabric", dependencies: ["CMPI", "Explorer"]),
        .executableTarget(name: "cardcheck-mpi", dependencies: ["CardcheckCLI", "MPIFabric"]),

        .testTarget(name: "BigNumTests", dependencies: ["BigNum"]),
        .testTarget(name: "SeededRandomTests", dependencies: ["SeededRandom"]),
        .testTarget(name: "ExplorerTests", dependencies: ["Explorer", "ClassicModels", "BigNum"]),
        .testTarget(name: "ClassicModelsTests", dependencies: ["ClassicModels", "Explorer"]),
        .testTarget(name: "PropertyTestingTests", dependencies: ["PropertyTesting", "PropertyEngine"]),
        .testTarget(name: "FleetCardTests", dependencies: ["FleetCard", "PropertyTesting"]),
        .testTarget(name: "FleetModelTests", dependencies: ["FleetModel", "Explorer", "BigNum", "SeededRandom"]),
        .testTarget(name: "WidgetsTests", dependencies: ["Widgets", "PropertyTesting", "BigNum"]),
        .testTarget(name: "CheckinModelTests", dependencies: ["CheckinModel", "Widgets", "Explorer"]),
        .testTarget(name: "CardcheckCLITests", dependencies: ["CardcheckCLI", "PropertyTesting"]),
        .testTarget(name: "CIRunTests", dependencies: ["CIRun", "Explorer"]),
    ]
)
