# The image the Kubernetes Jobs in .ci/kubernetes/ name: `docker build -t cardcheck:latest .`
# from the repository's root. The build stage compiles the static release binary (the Swift
# runtime, Foundation, libc and GNU MP linked in); the run stage is a plain shell image with
# that binary on PATH and the configurations, profiles and baseline in /cardcheck, the Jobs'
# working directory. Nothing is fetched when a Job runs.
FROM swift:6.3-noble AS build
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libgmp-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN swift build -c release --product cardcheck \
    && install -D -m 0755 "$(swift build -c release --show-bin-path)/cardcheck" /out/cardcheck

FROM ubuntu:24.04
# The check-in model reads its time zones from the system's tz database.
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends tzdata \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /out/cardcheck /usr/local/bin/cardcheck
COPY Models /cardcheck/Models
COPY Schemas /cardcheck/Schemas
WORKDIR /cardcheck
RUN cardcheck --help > /dev/null
ENTRYPOINT []
CMD ["cardcheck", "--help"]
