# PostgreSQL from Debian's package, for compose where no registry image can be pulled (build.sh). The entrypoint
# creates the cluster on an empty data directory from POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB, as the
# official image does, so docker-compose.yml runs unchanged on either.
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
ARG POSTGRES_MAJOR
# No "main" cluster from the package: the entrypoint makes the one the container runs.
RUN mkdir -p /etc/postgresql-common/createcluster.d \
  && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.d/container.conf \
  && apt-get update -qq && apt-get install -y -qq postgresql-${POSTGRES_MAJOR} >/dev/null \
  && apt-get clean && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /var/lib/postgresql/data /var/run/postgresql \
  && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql && chmod 700 /var/lib/postgresql/data
ENV PATH=/usr/lib/postgresql/${POSTGRES_MAJOR}/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint
USER postgres
EXPOSE 5432
# PostgreSQL's fast shutdown: open transactions are rolled back, the data is flushed.
STOPSIGNAL SIGINT
ENTRYPOINT ["postgres-entrypoint"]
CMD ["postgres"]
