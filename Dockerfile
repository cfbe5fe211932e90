# syntax=docker/dockerfile:1
# docextract: the reference server in a small image.
#
#   docker build -t docextract --build-arg VERSION=$(git describe --tags --always) \
#     --build-arg COMMIT=$(git rev-parse HEAD) .
#   docker run -p 8080:8080 -v docextract-data:/data docextract
#
# The first start on an empty volume creates the team "default" and prints its
# API key once (docker logs). Every serve flag is also an environment variable:
# --workers is DOCEXTRACT_WORKERS, --db is DOCEXTRACT_DB (`docextract help serve`).

# Build: a static binary (pure Go: SQLite, PDFium as WebAssembly; no cgo).
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=devel
ARG COMMIT=
RUN CGO_ENABLED=0 go build -trimpath -buildvcs=false \
      -ldflags "-s -w -X main.version=${VERSION} -X main.commit=${COMMIT}" \
      -o /out/docextract ./cmd/docextract

# Run: Debian with tesseract and the six languages docextract reads
# (English, German, French, Dutch, Spanish, Italian) for images and scans.
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates tesseract-ocr \
      tesseract-ocr-deu tesseract-ocr-fra tesseract-ocr-nld tesseract-ocr-spa tesseract-ocr-ita \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin docextract \
 && mkdir -p /data && chown docextract:docextract /data
COPY --from=build /out/docextract /usr/local/bin/docextract
USER docextract
WORKDIR /data
# The SQLite file holds everything, uploaded files included: keep /data on a
# volume. Uploads in transit are spooled beside it.
VOLUME ["/data"]
# The compiled PDF engine (WebAssembly) is cached on the volume too, so a
# restart skips the compilation.
ENV DOCEXTRACT_DB=/data/docextract.db \
    XDG_CACHE_HOME=/data/.cache \
    DOCEXTRACT_ADDR=:8080 \
    DOCEXTRACT_LOG_FORMAT=json \
    DOCEXTRACT_METRICS_ADDR=:9464
# 8080: the API and dashboard; 9464: Prometheus /metrics (publish it only
# to your monitoring network).
EXPOSE 8080 9464
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/docextract"]
CMD ["serve"]
