# Two entry points (README): `make demo` and `make test`. Both install the Debian packages the C
# shims need when they are missing (as root), then build with SwiftPM.
SWIFT        ?= swift
DEB_PACKAGES := pkg-config libgif-dev libpng-dev libjson-c-dev zlib1g-dev libwebp-dev libfreetype-dev fonts-dejavu-core duktape-dev
DEMO_OUT     := demo-out
CYLANIM      := .build/debug/cylanim

.PHONY: all deps build test demo bench clean

all: build

# Installs what is missing; without root, prints the exact command and stops.
deps:
	@missing=""; \
	for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "make: installing Debian packages:$$missing"; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get install -y -q $$missing || { apt-get update -q && apt-get install -y -q $$missing; } || exit 1; \
	  else \
	    echo "make: missing Debian packages:$$missing"; \
	    echo "make: install them with:  sudo apt-get install -y$$missing"; \
	    exit 1; \
	  fi; \
	fi

build: deps
	$(SWIFT) build

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Renders every bundled sample to PNG frames under demo-out/ and prints what each one is.
demo: build
	@rm -rf $(DEMO_OUT) && mkdir -p $(DEMO_OUT)
	$(CYLANIM) info sample-animations/spinner.gif
	$(CYLANIM) render sample-animations/spinner.gif -o $(DEMO_OUT)/spinner/frame-%02d.png --size 81x81
	$(CYLANIM) info sample-animations/heart-pop.gif --gif-as image
	$(CYLANIM) render sample-animations/heart-pop.gif -o $(DEMO_OUT)/heart-pop/frame-%d.png --scale 2 --background '#ffffff'
	$(CYLANIM) info sample-animations/bounce-frames
	$(CYLANIM) render sample-animations/bounce-frames -o $(DEMO_OUT)/bounce/%03d.png --frames 0-3,10 --height 120
	$(CYLANIM) render sample-animations/spinner.gif -o $(DEMO_OUT)/spinner-first.png --frames 0 --width 24
	$(CYLANIM) info sample-animations/checkmark.json
	$(CYLANIM) render sample-animations/checkmark.json -o $(DEMO_OUT)/checkmark/%02d.png --size 81x81
	$(CYLANIM) render sample-animations/badge.json -o $(DEMO_OUT)/badge/%02d.png --size 162x162
	$(CYLANIM) render sample-animations/heart-mask.json -o $(DEMO_OUT)/heart-mask/%02d.png --size 243x243 --background '#ffffff'
	$(CYLANIM) keypaths sample-animations/heart-mask.json
	$(CYLANIM) convert sample-animations/checkmark.json -o $(DEMO_OUT)/checkmark.gif --size 162x162 --matte '#ffffff'
	$(CYLANIM) convert sample-animations/badge.json -o $(DEMO_OUT)/badge.png --size 162x162
	$(CYLANIM) convert sample-animations/spinner.gif -o $(DEMO_OUT)/spinner.webp --scale 2
	$(CYLANIM) preview sample-animations/tabbar/tabbar.json --sheet $(DEMO_OUT)/tabbar/sheet.png
	$(CYLANIM) preview sample-animations/tabbar/tabbar.json -o $(DEMO_OUT)/tabbar/preview.gif --events --script "select 1; wait 1.2s; select 1; wait 1s; select 3; wait 2s"
	$(CYLANIM) preview sample-animations/tabbar/tabbar.json -o $(DEMO_OUT)/tabbar/preview-dark.png --appearance dark --script "select alerts; wait 1.5s; select me; wait 1s"
	@echo "demo: frames, conversions and the tab-bar sheet and previews are under $(DEMO_OUT)/"

# Release-mode benchmarks (medians; add ARGS=--json for machine-readable output).
bench: deps
	$(SWIFT) run -c release CodecBench $(ARGS)
	$(SWIFT) run -c release RasterBench $(ARGS)
	$(SWIFT) run -c release LottieBench $(ARGS)
	$(SWIFT) run -c release EncodeBench $(ARGS)

clean:
	rm -rf .build $(DEMO_OUT)
