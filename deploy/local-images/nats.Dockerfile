# NATS from Debian's package, for compose where no registry image can be pulled (build.sh). The command is
# nats-server's arguments, as with the official image (docker-compose.yml: -js -sd /data -m 8222); wget answers
# compose's health check as it does in the official alpine image.
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
RUN apt-get update -qq && apt-get install -y -qq nats-server wget >/dev/null \
  && apt-get clean && rm -rf /var/lib/apt/lists/* \
  && mkdir /data && chown nats /data
USER nats
EXPOSE 4222 8222
ENTRYPOINT ["nats-server"]
