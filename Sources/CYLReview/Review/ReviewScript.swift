/// The review page's style sheet and script, written into every page (no file, CDN or network).
///
/// The script plays each icon with the tab-bar rules of `CYLTimeline.Player` (play once on select
/// and hold the last frame, frame 0 when deselected, replay on reselect, loop when unselected,
/// speed; a bar's first tab appears at its last frame without playing), draws frames by copying
/// sprite-sheet cells onto canvases pixel for pixel, and keeps its state in `data-` attributes
/// (`data-frame`, `data-state`, `data-mode`, `data-selected`; a bar's `data-frames` and
/// `data-states`) so tests and people can read it. `#frame=N` in the URL pauses every icon on frame N.
enum ReviewScript {
    static let style = """
    body{font:14px/1.4 system-ui,sans-serif;margin:0;background:#f2f2f4;color:#1c1c1e}
    header{padding:16px 24px;background:#fff;border-bottom:1px solid #ddd}
    h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:0 0 4px}
    main{padding:16px 24px}
    section{background:#fff;border-radius:8px;padding:12px 16px;margin:0 0 16px;box-shadow:0 1px 2px rgba(0,0,0,.08)}
    .note{color:#666;margin:0 0 8px;word-break:break-all}
    .cols{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
    table.facts th{text-align:left;font-weight:600;padding:2px 12px 2px 0;vertical-align:top;white-space:nowrap}
    table.facts td{padding:2px 0;max-width:420px}
    table.stage{border-collapse:collapse}
    table.stage th{font-weight:500;font-size:12px;color:#666;padding:2px 6px;text-align:left}
    table.stage td{padding:4px 6px;vertical-align:middle}
    canvas{display:block;image-rendering:pixelated}
    .controls{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin-top:8px}
    .controls input[type=range]{width:240px}
    output{font-variant-numeric:tabular-nums;color:#333;min-width:10em}
    .diagnostics li.warning{color:#a15c00}.diagnostics li.note{color:#555}
    """

    static let script = #"""
    "use strict";
    (function () {
      const data = JSON.parse(document.getElementById("review-data").textContent);
      const sheets = data.sheets;
      const views = [];
      const now = () => performance.now();

      // The frame showing `t` ms into a pass (starts: frame start times, then the pass length).
      function frameAt(starts, t) {
        let lo = 0, hi = starts.length - 2;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (starts[mid] <= t + 1e-6) lo = mid; else hi = mid - 1;
        }
        return lo;
      }

      // The tab-bar rules, as CYLTimeline.Player applies them (times in ms).
      class Player {
        constructor(icon, origin) {
          this.starts = icon.starts;
          // With a way back (a state machine's toggle), a pass is the frames before it.
          this.back = icon.back;
          this.count = icon.back === null ? icon.starts.length - 1 : icon.back;
          this.length = icon.starts[this.count];
          this.policy = icon.policy;
          this.speed = icon.speed;
          this.selected = false;
          this.state = icon.policy === "playOnceOnSelect" ? "resting" : "looping";
          this.since = origin;
        }
        select(t) {
          this.selected = true;
          if (this.policy === "loop") return;
          this.state = "playing";
          this.since = t;
        }
        // The tab selected when the bar appears: its last frame, held, not played (a tap replays it).
        launch(t) {
          this.selected = true;
          if (this.policy === "loop") return;
          this.state = "holding";
          this.since = t;
        }
        deselect(t) {
          if (!this.selected) return;
          this.selected = false;
          if (this.policy === "loop") return;
          if (this.policy === "playOnceOnSelect") {
            this.state = this.back === null ? "resting" : "back";
            this.since = t;
            return;
          }
          this.state = "looping";
          this.since = t;
        }
        frame(t) {
          const elapsed = Math.max(0, t - this.since) * this.speed;
          if (this.state === "playing" && elapsed >= this.length) this.state = "holding";
          if (this.state === "back") {
            const at = this.starts[this.back] + elapsed, end = this.starts[this.starts.length - 1];
            if (at >= end) this.state = "resting"; else return frameAt(this.starts, at);
          }
          switch (this.state) {
            case "resting": return 0;
            case "holding": return this.count - 1;
            case "playing": return frameAt(this.starts, elapsed);
            default: return this.length > 0 ? frameAt(this.starts, elapsed % this.length) : this.count - 1;
          }
        }
        get moving() { return this.state === "playing" || this.state === "looping" || this.state === "back"; }
      }

      let checker = null;
      function background(ctx, kind, colors) {
        if (kind === "checker") {
          if (!checker) {
            checker = document.createElement("canvas");
            checker.width = checker.height = 12;
            const c = checker.getContext("2d");
            c.fillStyle = "#ffffff"; c.fillRect(0, 0, 12, 12);
            c.fillStyle = "#cccccc"; c.fillRect(6, 0, 6, 6); c.fillRect(0, 6, 6, 6);
          }
          ctx.fillStyle = ctx.createPattern(checker, "repeat");
        } else {
          ctx.fillStyle = colors[kind].background;
        }
        ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
      }

      function drawCell(ctx, sheetIndex, cell, x, y) {
        const s = sheets[sheetIndex];
        ctx.drawImage(s.img, (cell % s.cols) * s.w, Math.floor(cell / s.cols) * s.h, s.w, s.h, x, y, s.w, s.h);
      }

      function cellOf(icon, sheetIndex, frame, selected) {
        return icon.static ? (selected ? 1 : 0) : sheets[sheetIndex].cells[frame];
      }

      // One icon's section: every canvas shows the same frame; controls scrub, play and select.
      class IconView {
        constructor(section, icon) {
          this.section = section;
          this.icon = icon;
          this.count = icon.starts.length - 1;
          this.player = new Player(icon, now());
          this.mode = "tab";
          this.frame = 0;
          this.loopSince = 0;
          this.drawn = "";
          this.canvases = Array.from(section.querySelectorAll("canvas")).map(c => {
            const ctx = c.getContext("2d");
            ctx.imageSmoothingEnabled = false;
            return { ctx: ctx, variant: c.dataset.variant, bg: c.dataset.bg, scale: c.dataset.scale };
          });
          this.scrub = section.querySelector("[data-role=scrub]");
          this.label = section.querySelector("[data-role=label]");
          this.stateText = section.querySelector("[data-role=state]");
          section.addEventListener("click", e => {
            const b = e.target.closest("button[data-action]");
            if (b) this.act(b.dataset.action);
          });
          if (this.scrub) this.scrub.addEventListener("input", () => this.show(Number(this.scrub.value)));
        }
        act(action) {
          const t = now();
          switch (action) {
            case "play":
              this.loopSince = t - this.icon.starts[this.frame] / this.icon.speed;
              this.mode = "playing";
              break;
            case "pause": this.show(this.frame); return;
            case "prev": this.show((this.frame + this.count - 1) % this.count); return;
            case "next": this.show((this.frame + 1) % this.count); return;
            case "select": this.player.deselect(t); this.player.select(t); this.mode = "tab"; break;
            case "reselect": this.player.select(t); this.mode = "tab"; break;
            case "deselect": this.player.deselect(t); this.mode = "tab"; break;
          }
          requestTick();
        }
        show(frame) {
          this.mode = "paused";
          this.frame = Math.max(0, Math.min(this.count - 1, frame));
          requestTick();
        }
        update(t) {
          if (this.mode === "tab") {
            this.frame = this.player.frame(t);
          } else if (this.mode === "playing") {
            const length = this.icon.starts[this.count];
            this.frame = length > 0 ? frameAt(this.icon.starts, ((t - this.loopSince) * this.icon.speed) % length) : 0;
          }
          const key = this.frame + "/" + this.player.selected;
          if (key !== this.drawn) { this.draw(); this.drawn = key; }
          const state = this.mode === "tab" ? this.player.state : this.mode;
          const d = this.section.dataset;
          d.frame = String(this.frame); d.mode = this.mode; d.state = state; d.selected = this.player.selected ? "1" : "0";
          if (this.stateText) this.stateText.textContent = (this.player.selected ? "selected · " : "unselected · ") + state;
          return this.mode === "playing" || (this.mode === "tab" && this.player.moving);
        }
        draw() {
          const icon = this.icon;
          for (const c of this.canvases) {
            const sheet = (c.variant === "dark" && icon.dark ? icon.dark : icon.light)[c.scale];
            background(c.ctx, c.bg, icon.colors);
            drawCell(c.ctx, sheet, cellOf(icon, sheet, this.frame, this.player.selected), 0, 0);
          }
          if (this.scrub) {
            this.scrub.value = String(this.frame);
            const seconds = icon.starts[this.frame] / 1000 / icon.speed;
            this.label.textContent = "frame " + this.frame + " / " + (this.count - 1) + " · " + seconds.toFixed(3) + " s";
          }
        }
      }

      // A whole tab bar: tapping a tab selects it (the others deselect); tapping it again reselects.
      class BarView {
        constructor(section, bar) {
          this.section = section;
          this.bar = bar;
          this.appearance = "light";
          this.selected = 0;
          this.drawn = "";
          const t = now();
          this.players = bar.icons.map(i => new Player(data.icons[i], t));
          if (bar.launchAnimates) this.players[0].select(t); else this.players[0].launch(t);
          this.canvas = section.querySelector("canvas[data-role=bar]");
          this.ctx = this.canvas.getContext("2d");
          this.ctx.imageSmoothingEnabled = false;
          this.stateText = section.querySelector("[data-role=bar-state]");
          // The tab under a pointer event: cells may differ in width (CYLTabBarItemWidth).
          const tabAt = e => {
            const r = this.canvas.getBoundingClientRect();
            const x = (e.clientX - r.left) * this.canvas.width / r.width;
            let i = 0;
            while (i < bar.lefts.length - 1 && x >= bar.lefts[i + 1]) i++;
            return i;
          };
          this.canvas.addEventListener("click", e => this.tap(tabAt(e)));
          // The other reselect gestures (CYLTabBarItemGestureReselect) on the selected tab.
          this.canvas.addEventListener("dblclick", e => this.gesture(tabAt(e), "doubleTap"));
          this.canvas.addEventListener("pointerdown", e => { this.pressed = { at: now(), tab: tabAt(e) }; });
          this.canvas.addEventListener("pointerup", e => {
            if (this.pressed && now() - this.pressed.at >= 500 && tabAt(e) === this.pressed.tab) this.gesture(this.pressed.tab, "longPress");
            this.pressed = null;
          });
          section.querySelectorAll("button[data-appearance]").forEach(b => b.addEventListener("click", () => {
            this.appearance = b.dataset.appearance;
            section.dataset.appearance = this.appearance;
            requestTick();
          }));
        }
        // A tap selects a tab; on the selected tab it replays only when tapping is its reselect gesture.
        tap(i) {
          const t = now();
          if (i === this.selected && data.icons[this.bar.icons[i]].reselect !== "tap") return;
          if (i !== this.selected) this.players[this.selected].deselect(t);
          this.players[i].select(t);
          this.selected = i;
          this.section.dataset.selected = String(i);
          requestTick();
        }
        gesture(i, kind) {
          if (i !== this.selected || data.icons[this.bar.icons[i]].reselect !== kind) return;
          this.players[i].select(now());
          requestTick();
        }
        update(t) {
          const frames = this.players.map(p => p.frame(t));
          const key = this.appearance + ":" + this.selected + ":" + frames.join(",");
          if (key !== this.drawn) { this.draw(frames); this.drawn = key; }
          this.section.dataset.frames = frames.join(",");
          this.section.dataset.states = this.players.map(p => p.state).join(",");
          if (this.stateText) this.stateText.textContent = "selected: tab " + this.selected + " · frames " + frames.join(", ");
          return this.players.some(p => p.moving);
        }
        draw(frames) {
          const b = this.bar, ctx = this.ctx, dark = this.appearance === "dark";
          const colors = data.icons[b.icons[0]].colors[this.appearance];
          ctx.fillStyle = colors.background;
          ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
          ctx.fillStyle = colors.separator;
          ctx.fillRect(0, 0, this.canvas.width, 1);
          b.icons.forEach((iconIndex, i) => {
            const icon = data.icons[iconIndex], selected = i === this.selected;
            const sheet = (dark && icon.dark ? icon.dark : icon.light)[String(b.scale)];
            drawCell(ctx, sheet, cellOf(icon, sheet, frames[i], selected), b.lefts[i] + Math.floor((b.widths[i] - b.iconSize) / 2), b.iconTop);
            if (icon.title) {
              ctx.fillStyle = selected ? (icon.selectedTitleColor || colors.tint) : (icon.titleColor || colors.unselected);
              ctx.font = b.titlePx + "px sans-serif";
              ctx.textAlign = "center";
              ctx.fillText(icon.title, b.lefts[i] + b.widths[i] / 2, b.titleBaseline, b.widths[i] - 4 * b.scale);
            }
          });
        }
      }

      let pending = false;
      function requestTick() {
        if (pending) return;
        pending = true;
        requestAnimationFrame(tick);
      }
      function tick() {
        pending = false;
        const t = now();
        let moving = false;
        for (const v of views) moving = v.update(t) || moving;
        if (moving) requestTick();
      }

      function applyHash() {
        const m = /(?:^#|&)frame=(\d+)/.exec(location.hash);
        if (!m) return;
        for (const v of views) if (v instanceof IconView && !v.icon.static) v.show(Number(m[1]));
      }

      function start() {
        document.querySelectorAll("section[data-icon]").forEach(s => views.push(new IconView(s, data.icons[Number(s.dataset.icon)])));
        document.querySelectorAll("section[data-bar]").forEach(s => views.push(new BarView(s, data.bars[Number(s.dataset.bar)])));
        applyHash();
        window.addEventListener("hashchange", applyHash);
        tick();
        document.body.dataset.ready = "1";
      }

      Promise.all(sheets.map(s => {
        s.img = new Image();
        s.img.src = s.src;
        return s.img.decode();
      })).then(start);
    })();
    """#

    /// `review --watch` pages only: twice a second, load the script beside the page that names
    /// the newest page's token (a `<script>` element, which a `file:` page may load where `fetch`
    /// may not); reload when it is not this page's token. The hash (`#frame=N`) survives the
    /// reload. `data-watch-state` says what the last check found (tests read it).
    static let watchScript = #"""
    "use strict";
    (function () {
      const body = document.body, token = body.dataset.watch, source = body.dataset.watchSrc;
      if (!token || !source) return;
      window.cylReviewWatch = function (newest) {
        if (newest === token) { body.dataset.watchState = "current"; return; }
        body.dataset.watchState = "reloading";
        location.reload();
      };
      setInterval(function () {
        const s = document.createElement("script");
        s.src = source + "?" + Date.now();
        s.onload = s.onerror = function () { s.remove(); };
        document.head.appendChild(s);
      }, 500);
    })();
    """#
}
