# Node.js and npm on the local Debian base (build.sh): deploy/Dockerfile's NODE_IMAGE where no registry image can be
# pulled. Used by the build stages only: the app image's final stage copies the node binary out of it, nothing else.
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
COPY rootfs/ /
# The host's extra certificate authorities, so npm in a build stage trusts a TLS-inspecting proxy as the host does.
COPY build-ca.pem /usr/local/share/build-ca.pem
ENV NODE_EXTRA_CA_CERTS=/usr/local/share/build-ca.pem
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
  && node --version && npm --version
CMD ["node"]
