# The image the Kubernetes Jobs in .ci/kubernetes/ name: `docker build -t cardcheck:latest .`
# from the repository's root. The build stage compiles the static release binary (the Swift
# runtime, Foundation, libc and GNU MP linked in) and `cardcheck-mpi`, the distributed check
# (Open MPI is linked dynamically: it loads its transports as plugins; the Swift runtime is
# linked in); the run stage is a plain shell image with both on PATH, Open MPI's runtime and
# sshd (the MPI Operator's launcher reaches the workers over ssh), and the configurations,
# profiles and baseline in /cardcheck, the Jobs' working directory. Nothing is fetched when a
# Job runs.
FROM swift:6.3-noble AS build
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libgmp-dev libopenmpi-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN swift build -c release --product cardcheck \
    && install -D -m 0755 "$(swift build -c release --show-bin-path)/cardcheck" /out/cardcheck \
    && swift build -c release --product cardcheck-mpi --static-swift-stdlib \
    && install -D -m 0755 "$(swift build -c release --show-bin-path)/cardcheck-mpi" /out/cardcheck-mpi

FROM ubuntu:24.04
# The check-in model reads its time zones from the system's tz database; cardcheck-mpi needs
# Open MPI's libraries and mpirun, and the MPIJob's workers run sshd. The ssh settings are the
# MPI Operator's own base image's: the launcher reaches workers whose host keys it has never
# seen (no prompt, no known_hosts written: the .ssh folder is a read-only Secret mount), and
# sshd skips its mode checks on that mount.
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends tzdata openmpi-bin libgmp10 openssh-server openssh-client \
    && rm -rf /var/lib/apt/lists/* \
    && mkdir -p /run/sshd \
    && sed -i "s/[ #]\(.*StrictHostKeyChecking \).*/ \1no/g" /etc/ssh/ssh_config \
    && echo "    UserKnownHostsFile /dev/null" >> /etc/ssh/ssh_config \
    && sed -i "s/#\(StrictModes \).*/\1no/g" /etc/ssh/sshd_config
COPY --from=build /out/cardcheck /usr/local/bin/cardcheck
COPY --from=build /out/cardcheck-mpi /usr/local/bin/cardcheck-mpi
COPY Models /cardcheck/Models
COPY Schemas /cardcheck/Schemas
WORKDIR /cardcheck
RUN cardcheck --help > /dev/null && cardcheck-mpi --help > /dev/null
ENTRYPOINT []
CMD ["cardcheck", "--help"]
