# Two entry points (README): `make demo` and `make test`. Both install the Debian packages the C
# shims need when they are missing (as root), then build with SwiftPM.
SWIFT        ?= swift
# parallel runs the sharded-build test as separate processes; zsh checks the generated completion;
# duktape-dev: the source of the expression engine; chromium: headless, for the tests that load the review page in a real browser.
# libsdl2-dev: the headers of `play`'s window (libSDL2 itself is opened at run time); xvfb, xdotool and
# x11-apps (xwd): the tests run that window on a virtual X server, click it and read its pixels back.
# libjpeg62-turbo-dev by name: the CJPEG shim decodes straight to RGBA (JCS_EXT_RGBA), a libjpeg-turbo
# extension (Debian 12's libjpeg-dev is only a dummy package depending on it).
# libharfbuzz-dev shapes Rive text (ligatures, kerning, marks, complex scripts); libfribidi-dev gives
# the bidirectional algorithm's levels, so right-to-left runs inside a line are ordered as the
# Rive runtime (SheenBidi) orders them.
DEB_PACKAGES := pkg-config libgif-dev libpng-dev libjson-c-dev zlib1g-dev libwebp-dev libfreetype-dev libjpeg62-turbo-dev fonts-dejavu-core fonts-droid-fallback libopenh264-dev libyaml-dev libfontconfig-dev libharfbuzz-dev libfribidi-dev duktape-dev parallel zsh chromium libsdl2-dev xvfb xdotool x11-apps
DEMO_OUT     := demo-out
CYLANIM      := .build/debug/cylanim
# `make install` puts the release tool, its bash and zsh completions and its manual page under PREFIX.
PREFIX       ?= /usr/local
BINDIR       := $(DESTDIR)$(PREFIX)/bin
BASHCOMPDIR  := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR   := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
MANDIR       := $(DESTDIR)$(PREFIX)/share/man/man1
GENERATED    := .build/install-files

.PHONY: all deps build test test-asan test-tsan test-alloc demo docs docs-archive bench fuzz install uninstall clean

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

# The whole suite under AddressSanitizer (and LeakSanitizer), built in .build/asan so the ordinary
# debug build stays valid. UndefinedBehaviorSanitizer is not available: swiftc 6.3 rejects
# -sanitize=undefined for x86_64 Linux; Swift's own overflow and bounds checks trap in these
# debug builds instead. Tests that cap a child's address space switch to ASan's allocation cap.
# The debug build comes first: DocsArchiveTests archives its modules (`make docs-archive`), and a
# fresh clone has none (after `make test`, as in .ci/run, it is already there).
test-asan: deps
	$(SWIFT) build
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp:print_suppressions=0 \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan

# Heap allocations counted in an optimized build of the tests (AllocationTests; a debug build
# allocates where the shipped tool does not), in .build/alloc. .ci/run runs it.
test-alloc: deps
	$(SWIFT) build -c release --build-tests -Xswiftc -enable-testing --scratch-path .build/alloc
	$(SWIFT) test -c release --skip-build -Xswiftc -enable-testing --scratch-path .build/alloc --filter AllocationTests

# ThreadSanitizer on the tests that use threads, in .build/tsan: the shared Lottie model on four
# threads (ThreadSafety), frames drawn and encoded on worker threads (ThreadedOutput,
# GIFPlaceChain), tab-bar previews split into workers (TabBarThread), a build's jobs on four
# threads. .ci/run runs it.
TSAN_FILTER ?= ThreadSafety|ThreadedOutput|GIFPlaceChain|TabBarThread|outputsAreTheSameBytesWhateverTheNumberOfThreads
test-tsan: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan --filter '$(TSAN_FILTER)'

# Renders every bundled sample to PNG frames under demo-out/ and prints what each one is.
demo: build
	@rm -rf $(DEMO_OUT) && mkdir -p $(DEMO_OUT)
	$(CYLANIM) info sample-animations/spinner.gif
	$(CYLANIM) render sample-animations/spinner.gif -o $(DEMO_OUT)/spinner/frame-%02d.png --size 81x81
	$(CYLANIM) info sample-animations/lint-examples/heart-pop-fps-too-low-and-content-in-margin.gif --gif-as image
	$(CYLANIM) render sample-animations/lint-examples/heart-pop-fps-too-low-and-content-in-margin.gif -o $(DEMO_OUT)/heart-pop/frame-%d.png --scale 2 --background '#ffffff'
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
	$(CYLANIM) preview sample-animations/tabbar/skins.json --sheet $(DEMO_OUT)/skins/sheet-json.png --all-themes --scales 1,2
	$(CYLANIM) preview sample-animations/tabbar/skins.yaml --sheet $(DEMO_OUT)/skins/sheet-yaml.png --all-themes --scales 1,2
	$(CYLANIM) preview sample-animations/tabbar/skins.plist --sheet $(DEMO_OUT)/skins/sheet-plist.png --all-themes --scales 1,2
	cmp $(DEMO_OUT)/skins/sheet-json.png $(DEMO_OUT)/skins/sheet-yaml.png
	cmp $(DEMO_OUT)/skins/sheet-json.png $(DEMO_OUT)/skins/sheet-plist.png
	$(CYLANIM) preview sample-animations/tabbar/skins.yaml -o $(DEMO_OUT)/skins/festival.gif --theme festival --app-version 5.2.0 --events --script "select tasks; wait 1.2s; select me; wait 0.8s; dark; wait 0.8s"
	$(CYLANIM) preview sample-animations/tabbar/skins.plist -o $(DEMO_OUT)/skins/android.png --platform android --script "select wallet; wait 0.5s"
	$(CYLANIM) info sample-animations/tabbar/brand.json
	$(CYLANIM) preview sample-animations/tabbar/brand.json -o $(DEMO_OUT)/brand/json.png --script "wait 0.5s; select wallet; wait 0.5s; select me; wait 0.5s; dark; wait 0.5s"
	$(CYLANIM) preview sample-animations/tabbar/brand.yaml -o $(DEMO_OUT)/brand/yaml.png --script "wait 0.5s; select wallet; wait 0.5s; select me; wait 0.5s; dark; wait 0.5s"
	$(CYLANIM) preview sample-animations/tabbar/brand.plist -o $(DEMO_OUT)/brand/plist.png --script "wait 0.5s; select wallet; wait 0.5s; select me; wait 0.5s; dark; wait 0.5s"
	cmp $(DEMO_OUT)/brand/json.png $(DEMO_OUT)/brand/yaml.png
	cmp $(DEMO_OUT)/brand/json.png $(DEMO_OUT)/brand/plist.png
	$(CYLANIM) info sample-animations/star.lottie
	$(CYLANIM) preview sample-animations/star.lottie --sheet $(DEMO_OUT)/favourites/star-sheet.png
	$(CYLANIM) preview sample-animations/tabbar/favourites.json --sheet $(DEMO_OUT)/favourites/sheet.png
	$(CYLANIM) preview sample-animations/tabbar/favourites.json -o $(DEMO_OUT)/favourites/dark.png --appearance dark --script "select favourites; wait 1s; select night; wait 1s"
	$(CYLANIM) review sample-animations/tabbar/favourites.json -o $(DEMO_OUT)/favourites/review.html
	$(CYLANIM) info sample-animations/toggle-star.lottie
	$(CYLANIM) preview sample-animations/tabbar/toggle.json -o $(DEMO_OUT)/toggle/preview.gif --events --script "select 1; wait 1s; select 0; wait 1s"
	$(CYLANIM) review sample-animations/tabbar/toggle.json -o $(DEMO_OUT)/toggle/review.html
	$(CYLANIM) build sample-animations/pipeline.json --output-dir $(DEMO_OUT)/build
	$(CYLANIM) build sample-animations/pipeline.json --output-dir $(DEMO_OUT)/build
	$(CYLANIM) review sample-animations/tabbar/tabbar.json sample-animations/checkmark.json sample-animations/lint-examples/heart-pop-fps-too-low-and-content-in-margin.gif -o $(DEMO_OUT)/review.html
	$(CYLANIM) diff sample-animations/checkmark.json '$(DEMO_OUT)/checkmark/%02d.png' -o $(DEMO_OUT)/diff.png --html $(DEMO_OUT)/diff.html
	$(CYLANIM) lint sample-animations
	$(CYLANIM) lint sample-animations/tabbar --max-warnings 0
	@echo "demo: frames, conversions, the tab-bar sheets and previews (favourites/: a .lottie's dark themes; toggle/: a .lottie's state machine playing forward on select and back on deselect), review.html and diff.html (the skins and brand samples' JSON, YAML and plist twins draw identical files), and the pipeline build ($(DEMO_OUT)/build/index.html) are under $(DEMO_OUT)/; lint finds something only in sample-animations/lint-examples/"

# The API reference: symbol graphs of every library module (Sources/CYL*), extracted from the
# debug build's modules, then the toolchain's docc. No plugin, no second build, no network.
DOCS_GRAPHS  := .build/symbol-graphs
DOCS_OUT     := .build/docs/CYLTabBarItemAnimation.doccarchive
DOCS_MODULES := $(notdir $(wildcard Sources/CYL*))
# The C shims' module maps (system libraries in Sources/, C targets' generated by the build) and
# the headers pkg-config says they need; expanded when used, after the build made them.
DOCS_CFLAGS   = $(foreach m,$(wildcard Sources/C*/module.modulemap),-Xcc -fmodule-map-file=$(CURDIR)/$(m)) \
                $(foreach m,$(wildcard .build/debug/C*.build/module.modulemap),-Xcc -fmodule-map-file=$(CURDIR)/$(m)) \
                $(foreach f,$(shell pkg-config --cflags-only-I freetype2 libpng fontconfig yaml-0.1 harfbuzz fribidi 2>/dev/null),-Xcc $(f))
docs: build docs-archive

# The archive from an existing debug build (what `make docs` runs after building; the tests run it).
docs-archive:
	@rm -rf $(DOCS_GRAPHS) $(DOCS_OUT) && mkdir -p $(DOCS_GRAPHS) $(dir $(DOCS_OUT))
	@for m in $(DOCS_MODULES); do \
	  $(SWIFT) symbolgraph-extract -module-name $$m -I .build/debug/Modules $(DOCS_CFLAGS) \
	    -minimum-access-level public -output-dir $(DOCS_GRAPHS) || exit 1; \
	done
	docc convert Sources/CYLTabBarItemAnimation/CYLTabBarItemAnimation.docc \
	  --additional-symbol-graph-dir $(DOCS_GRAPHS) --output-path $(DOCS_OUT) \
	  --fallback-display-name CYLTabBarItemAnimation --fallback-bundle-identifier org.cyltabbar.CYLTabBarItemAnimation
	@echo "docs: $(DOCS_OUT) ($(words $(DOCS_MODULES)) modules; open it with 'docc preview' or serve it as static files)"

# Release-mode benchmarks (medians; add ARGS=--json for machine-readable output).
bench: deps
	$(SWIFT) run -c release CodecBench $(ARGS)
	$(SWIFT) run -c release RasterBench $(ARGS)
	$(SWIFT) run -c release LottieBench $(ARGS)
	$(SWIFT) run -c release EncodeBench $(ARGS)
	$(SWIFT) build -c release --product cylanim
	$(SWIFT) run -c release PipelineBench $(ARGS)

# A release build (the Swift runtime linked in, so the tool runs where no toolchain is installed),
# with completions and the manual page generated by the tool itself from its command table.
install: deps
	$(SWIFT) build -c release --product cylanim --static-swift-stdlib
	@mkdir -p $(GENERATED)
	.build/release/cylanim --generate-completion-script bash > $(GENERATED)/cylanim.bash
	.build/release/cylanim --generate-completion-script zsh > $(GENERATED)/_cylanim
	.build/release/cylanim --generate-manual > $(GENERATED)/cylanim.1
	install -d $(BINDIR) $(BASHCOMPDIR) $(ZSHCOMPDIR) $(MANDIR)
	install -m 755 .build/release/cylanim $(BINDIR)/cylanim
	install -m 644 $(GENERATED)/cylanim.bash $(BASHCOMPDIR)/cylanim
	install -m 644 $(GENERATED)/_cylanim $(ZSHCOMPDIR)/_cylanim
	install -m 644 $(GENERATED)/cylanim.1 $(MANDIR)/cylanim.1
	@echo "installed $(BINDIR)/cylanim, its bash and zsh completions and man page (man cylanim)"

uninstall:
	rm -f $(BINDIR)/cylanim $(BASHCOMPDIR)/cylanim $(ZSHCOMPDIR)/_cylanim $(MANDIR)/cylanim.1

# Coverage-guided fuzzing of one parser (Fuzz/README.md): builds Fuzz<Target> with libFuzzer and
# AddressSanitizer in .build/fuzz and runs it for SECONDS on its seeds and dictionary.
TARGET  ?= lottie
SECONDS ?= 600
fuzz: deps
	tools/dev/fuzz.sh $(TARGET) $(SECONDS)

clean:
	rm -rf .build $(DEMO_OUT)
