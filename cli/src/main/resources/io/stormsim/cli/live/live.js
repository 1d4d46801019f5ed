// The live page: polls /api/state and /api/rows every second and draws what came (docs/live-page.md).
"use strict";

// every 2 s, redrawing only what changed: the page watches the run, it must not take its CPU
const POLL_MS = 2000;
const IMAGE_EVERY_MS = 5000;
// wall time per phase (bounds_ms, force_ms, ...): not the round, a job, nor the phases' CPU time
const PHASE = /^(?!round_wall_ms$|latency_ms$).+(?<!_cpu)_ms$/;
const COLOURS = ["#3a7bd5", "#d5533a", "#3aa55a", "#a53ad5", "#d5a53a", "#3ad5c8", "#777777", "#d53a8c"];

// Which charts a run gets follows from the fields its messages carry.
const CHARTS = [
  {id: "energy-error", title: "Relative energy error dE/E0", x: "round",
   series: f => "rel_energy_error" in f ? [{label: "dE/E0", value: r => r.rel_energy_error}] : []},
  {id: "energies", title: "Energies", x: "round",
   series: f => ["kinetic", "potential", "total_energy", "total"].filter(k => k in f)
       .map(k => ({label: k, value: r => r[k]}))},
  {id: "rate", title: "Steps per second", x: "round",
   series: f => "round_wall_ms" in f
       ? [{label: "steps/s", value: r => r.round_wall_ms > 0 ? 1000 / r.round_wall_ms : null}] : []},
  {id: "phases", title: "Time per phase, stacked (ms a round)", x: "round", stacked: true,
   series: f => Object.keys(f).filter(k => PHASE.test(k)).map(k => ({label: k.replace(/_ms$/, ""), value: r => r[k]}))},
  {id: "latency", title: "Job latency (ms, spout to result)", x: "done",
   series: f => "latency_ms" in f ? [{label: "latency ms", value: r => r.latency_ms}] : []},
  {id: "throughput", title: "Jobs per second (over the last 5 jobs)", x: "done",
   series: f => "elapsed_s" in f ? [{label: "jobs/s", value: (r, i, rows) => jobsPerSecond(rows, i)}] : []},
];

const rows = [];
const seen = {};
let next = 0;
let charts = [];
let chartsFor = "";
let lastStatus = "";
let lastComponents = "";
let lastEvents = "";
let lastImageAt = 0;

function jobsPerSecond(all, i) {
  const from = Math.max(0, i - 5);
  const dt = all[i].elapsed_s - all[from].elapsed_s;
  if (i === from) return all[i].elapsed_s > 0 ? all[i].done / all[i].elapsed_s : null;
  return dt > 0 ? (all[i].done - all[from].done) / dt : null;
}

// A replayed round (after a restore) or a job counted again replaces what was drawn from there on.
function append(newRows) {
  for (const r of newRows) {
    const key = "round" in r ? "round" : "done";
    while (rows.length && rows[rows.length - 1][key] >= r[key]) rows.pop();
    rows.push(r);
    for (const k in r) seen[k] = r[k];
  }
}

function makeCharts(fields) {
  const made = [];
  const box = document.getElementById("charts");
  for (const def of CHARTS) {
    const series = def.series(fields);
    if (series.length === 0 || !(def.x in fields)) continue;
    const div = document.createElement("div");
    div.className = "chart";
    div.id = "chart-" + def.id;
    div.dataset.points = "0";
    const h = document.createElement("h3");
    h.textContent = def.title;
    div.appendChild(h);
    box.appendChild(div);
    const opts = {
      width: 520, height: 220,
      scales: {x: {time: false}},
      axes: [{label: def.x === "round" ? "round" : "jobs done"}, {size: 80, values: (u, ticks) => ticks.map(tick)}],
      series: [{label: def.x}].concat(series.map((s, k) => ({
        label: s.label, stroke: COLOURS[k % COLOURS.length], width: 1.5, spanGaps: true,
        fill: def.stacked ? COLOURS[k % COLOURS.length] + "55" : undefined,
        points: {show: false}}))),
    };
    made.push({def, series, div, plot: new uPlot(opts, [[]].concat(series.map(() => [])), div)});
  }
  return made;
}

function draw() {
  if (rows.length === 0) return;
  // a field that came later (Water's potential: on printing steps only) brings its chart or series
  const fields = Object.keys(seen).sort().join();
  if (fields !== chartsFor) {
    for (const c of charts) { c.plot.destroy(); c.div.remove(); }
    charts = makeCharts(seen);
    chartsFor = fields;
  }
  for (const c of charts) {
    const xs = rows.map(r => r[c.def.x]);
    let ys = c.series.map(s => rows.map((r, i) => { const v = s.value(r, i, rows); return v == null ? null : v; }));
    if (c.def.stacked) {
      // each band is drawn as the sum of itself and those after it, the largest first
      for (let k = ys.length - 2; k >= 0; k--) ys[k] = ys[k].map((v, i) => (v || 0) + (ys[k + 1][i] || 0));
    }
    c.plot.setData([xs].concat(ys));
    if (c.def.stacked) {
      // the first rounds (class loading, the JIT) would flatten the rest of the chart
      const top = ys[0].filter(v => v != null).sort((a, b) => a - b);
      if (top.length > 10) c.plot.setScale("y", {min: 0, max: 1.2 * top[Math.floor(0.98 * (top.length - 1))]});
    }
    c.div.dataset.points = String(xs.length);
  }
}

// axis ticks: small values (an energy error of 1e-6) in exponent form, others with three digits
function tick(v) {
  if (v == null) return "";
  return v !== 0 && Math.abs(v) < 1e-2 ? v.toExponential(1) : String(+v.toPrecision(3));
}

function duration(s) {
  s = Math.round(s);
  if (s < 60) return s + " s";
  if (s < 3600) return Math.floor(s / 60) + " min " + (s % 60) + " s";
  return Math.floor(s / 3600) + " h " + Math.floor(s % 3600 / 60) + " min";
}

function text(id, value) {
  const element = document.getElementById(id);
  if (element.textContent !== value) element.textContent = value;
}

function showProgress(state) {
  const p = state.progress;
  const box = document.getElementById("progress");
  box.dataset.done = String(p.done);
  box.dataset.total = String(p.total);
  let line;
  if (state.kind === "waiting") {
    line = "waiting for the run's first message";
  } else if (state.kind === "steps") {
    line = "round " + p.done + (p.total > 0 ? " of " + p.total : " (without end)");
  } else {
    line = p.done + (p.total > 0 ? " of " + p.total : "") + " jobs done";
  }
  if (p.percent !== undefined) {
    line += " (" + p.percent.toFixed(1) + "%" + (p.seconds_left !== undefined ? ", " + duration(p.seconds_left) + " left" : "") + ")";
    document.getElementById("bar-fill").style.width = p.percent + "%";
  }
  text("progress-text", line);
}

function showComponents(table) {
  if (!table || JSON.stringify(table) === lastComponents) return;
  lastComponents = JSON.stringify(table);
  text("topology-line", table.status !== undefined
      ? table.topology + ", " + table.status + ", up " + duration(table.uptime_s) + ", " + table.workers + " workers, "
        + table.executors + " executors" + (table.problem ? " (" + table.problem + ")" : "")
      : table.problem || "");
  if (!table.components) return;
  const body = document.querySelector("#components tbody");
  body.replaceChildren(...table.components.map(c => row([c.component, c.type, c.executors, c.tasks, c.emitted, c.acked,
      c.failed, c.executed ?? "-", c.capacity !== undefined ? c.capacity.toFixed(3) : "-",
      (c.execute_latency_ms ?? c.complete_latency_ms ?? 0).toFixed(3)])));
  document.querySelector("#workers tbody").replaceChildren(...table.worker_list.map(w =>
      row([w.worker, duration(w.uptime_s), w.executors.join(" ")])));
  document.getElementById("errors").replaceChildren(...table.errors.map(e =>
      item(new Date(e.time_s * 1000).toLocaleTimeString() + "  " + e.component + " on " + e.worker + ": " + e.error)));
}

function row(cells) {
  const tr = document.createElement("tr");
  for (const c of cells) {
    const td = document.createElement("td");
    td.textContent = String(c);
    tr.appendChild(td);
  }
  return tr;
}

function item(value) {
  const li = document.createElement("li");
  li.textContent = value;
  return li;
}

function showDensity(state) {
  if (!state.sample) return;
  document.getElementById("bodies").hidden = false;
  const img = document.getElementById("density");
  const round = String(state.sample.round);
  if (img.dataset.asked !== round && Date.now() - lastImageAt >= IMAGE_EVERY_MS) {
    img.dataset.asked = round;
    lastImageAt = Date.now();
    img.onload = () => { img.dataset.round = round; };
    img.src = "/api/density.png?round=" + round;
  }
}

function show(state) {
  document.title = state.title + " (" + state.status + ") - stormsim live";
  text("title", state.title);
  const status = document.getElementById("status");
  status.textContent = state.status;
  status.className = "status " + state.status;
  lastStatus = state.status;
  showProgress(state);
  showComponents(state.components);
  showDensity(state);
  const events = JSON.stringify(state.events);
  if (events !== lastEvents) {
    lastEvents = events;
    document.getElementById("events").replaceChildren(...state.events.slice().reverse().map(e =>
        item("+" + duration(e.at_s) + "  " + e.text)));
  }
  text("footer", "stream " + (state.endpoint || "-") + ", " + state.messages + " messages"
      + (state.unreadable ? " (" + state.unreadable + " unreadable)" : "")
      + (state.last_message_ago_s !== undefined ? ", the last " + state.last_message_ago_s.toFixed(1) + " s ago" : ""));
}

async function poll() {
  try {
    const state = await (await fetch("/api/state")).json();
    const fresh = await (await fetch("/api/rows?since=" + next)).json();
    append(fresh.rows);
    next = fresh.next;
    show(state);
    if (fresh.rows.length > 0) draw();
    text("connection", "");
  } catch (e) {
    text("connection", lastStatus === "finished" || lastStatus === "failed"
        ? "The run has ended and its page server has stopped: this is its final state."
        : "Cannot reach the page server (" + e + "); trying again.");
  }
  setTimeout(poll, POLL_MS);
}

poll();
