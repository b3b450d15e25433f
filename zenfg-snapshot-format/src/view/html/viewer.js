"use strict";
(function () {
  function reportError(message) {
    var box = document.getElementById("script-error");
    if (!box) {
      box = document.createElement("div");
      box.id = "script-error";
      document.body.insertBefore(box, document.body.firstChild);
    }
    box.textContent += "script error: " + message + "\n";
    document.body.setAttribute("data-state", "error");
  }
  window.onerror = function (message, source, line) { reportError(message + " (line " + line + ")"); };

  var GRAPH_CAP = 1500, PAGE = 100, ALLOCATION_PAGE = 40;
  var doc = JSON.parse(document.getElementById("snapshot-data").textContent);
  var graph = doc.graph, nodes = graph.nodes, resources = graph.resources;

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    for (var key in attrs || {}) {
      if (key === "text") node.textContent = attrs[key];
      else if (key === "class") node.className = attrs[key];
      else if (key === "onclick") node.onclick = attrs[key];
      else node.setAttribute(key, attrs[key]);
    }
    (children || []).forEach(function (child) {
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }
  function svg(tag, attrs) {
    var node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (var key in attrs) node.setAttribute(key, attrs[key]);
    return node;
  }
  function bytes(size) {
    if (size === undefined || size === null) return "-";
    if (size < 1024) return size + " B";
    if (size < 1048576) return (size / 1024).toFixed(1) + " KiB";
    return (size / 1048576).toFixed(1) + " MiB";
  }
  function micros(value) { return typeof value === "number" ? value.toFixed(1) : "-"; }
  function nameOf(item) { return item && item.label ? item.label : (item ? item.id : "?"); }

  // Indexes, each built in one pass.
  var nodeById = {}, resourceById = {}, groupById = {}, accessesOf = {}, depsIn = {}, depsOut = {};
  var cpu = {}, gpu = {}, segmentOf = {}, rootsOf = {};
  nodes.forEach(function (node) { if (!(node.id in nodeById)) nodeById[node.id] = node; accessesOf[node.id] = []; depsIn[node.id] = []; depsOut[node.id] = []; });
  resources.forEach(function (resource) { if (!(resource.id in resourceById)) resourceById[resource.id] = resource; });
  graph.groups.forEach(function (group) { if (!(group.id in groupById)) groupById[group.id] = group; });
  graph.accesses.forEach(function (access) { (accessesOf[access.nodeId] = accessesOf[access.nodeId] || []).push(access); });
  graph.dependencies.forEach(function (dependency) {
    (depsOut[dependency.fromNodeId] = depsOut[dependency.fromNodeId] || []).push(dependency);
    (depsIn[dependency.toNodeId] = depsIn[dependency.toNodeId] || []).push(dependency);
  });
  graph.segments.forEach(function (segment) { segment.nodeIds.forEach(function (id) { segmentOf[id] = segment; }); });
  graph.roots.forEach(function (root) { var key = root.nodeId || root.resourceId; (rootsOf[key] = rootsOf[key] || []).push(root.reason); });
  if (doc.timings.cpu.status === "available") doc.timings.cpu.nodes.forEach(function (t) { cpu[t.nodeId] = t.durationMicros; });
  if (doc.timings.gpu.status === "available") doc.timings.gpu.nodes.forEach(function (t) { gpu[t.nodeId] = t.durationMicros; });
  var pathCache = {};
  function groupPath(id) {
    if (!id) return "";
    if (id in pathCache) return pathCache[id];
    var labels = [], seen = {}, current = groupById[id];
    while (current && !seen[current.id] && labels.length < 64) { seen[current.id] = true; labels.unshift(current.label); current = groupById[current.parentId]; }
    return (pathCache[id] = labels.join("."));
  }
  var retained = nodes.filter(function (node) { return node.compileState.status === "retained"; })
    .sort(function (a, b) { return a.compileState.executionOrder - b.compileState.executionOrder; });
  var culled = nodes.filter(function (node) { return node.compileState.status === "culled"; });
  var allocations = doc.memory.allocationReport.status === "available" ? doc.memory.allocationReport.allocations : [];
  var membersOf = {};
  allocations.forEach(function (allocation) { membersOf[allocation.id] = []; });
  resources.forEach(function (resource) { if (resource.allocationId in membersOf) membersOf[resource.allocationId].push(resource); });

  // A producer that compiled without aliasing says so in its extension.
  function aliasingDisabled(doc) {
    var options = doc.extensions && doc.extensions["dev.zenfg.compile"];
    return !!options && typeof options === "object" && options.aliasing === "disabled";
  }

  // Header and tabs.
  var capture = doc.capture;
  document.title = "Frame " + capture.frameIndex + " - FrameGraph Snapshot";
  var header = el("header", {}, [
    el("h1", { text: "Frame " + capture.frameIndex }),
    el("span", { class: "meta", text: "by " + doc.producer.name + (doc.producer.version ? " " + doc.producer.version : "") }),
    el("span", { class: "meta", text: "captured at: " + (capture.capturedAt || "unknown") }),
    capture.migration ? el("span", { class: "meta", text: "migrated from " + capture.migration.sourceFormat }) : el("span"),
    aliasingDisabled(doc) ? el("span", { class: "meta", id: "aliasing-disabled", text: "compiled with aliasing disabled" }) : el("span")
  ]);
  var app = document.getElementById("app");
  app.appendChild(header);
  var tabs = ["overview", "graph", "passes", "resources", "memory", "diagnostics"];
  var nav = el("nav"), main = el("main"), sections = {}, buttons = {};
  tabs.forEach(function (tab) {
    buttons[tab] = el("button", { text: tab[0].toUpperCase() + tab.slice(1), "data-tab": tab, onclick: function () { show(tab); } });
    nav.appendChild(buttons[tab]);
    sections[tab] = el("section", { id: tab, class: "hidden" });
    main.appendChild(sections[tab]);
  });
  app.appendChild(nav);
  app.appendChild(main);
  function show(tab) {
    tabs.forEach(function (other) {
      sections[other].className = other === tab ? "" : "hidden";
      buttons[other].className = other === tab ? "active" : "";
    });
    if (tab === "graph") fitGraph();
  }

  // Overview.
  (function () {
    var section = sections.overview;
    var logical = 0, physical = 0, shared = 0;
    allocations.forEach(function (allocation) {
      physical += allocation.estimatedByteSize || 0;
      membersOf[allocation.id].forEach(function (resource) { logical += resource.estimatedByteSize || 0; });
      if (membersOf[allocation.id].length > 1) shared++;
    });
    var ordering = graph.dependencies.filter(function (d) { return d.kind === "ordering"; }).length;
    var gpuCapable = retained.filter(function (n) { return n.kind === "render" || n.kind === "compute"; }).length;
    var cpuTiming = doc.timings.cpu, gpuTiming = doc.timings.gpu;
    function card(value, label) { return el("div", { class: "card" }, [el("div", { class: "value", text: String(value) }), el("div", { class: "label", text: label })]); }
    section.appendChild(el("div", { class: "cards" }, [
      card(nodes.length, "passes recorded"),
      card(retained.length, "retained"),
      card(culled.length, "culled"),
      card(resources.length, "resources"),
      card(graph.accesses.length, "accesses"),
      card(graph.dependencies.length, "dependencies (" + ordering + " ordering only)"),
      card(graph.segments.length, "segments"),
      card(graph.groups.length, "debug groups"),
      card(cpuTiming.status === "available" ? micros(cpuTiming.executionDurationMicros) + " us" : "n/a",
        cpuTiming.status === "available" ? "CPU execution; " + cpuTiming.nodes.length + " of " + retained.length + " passes timed" : "CPU timing: " + cpuTiming.reason),
      card(gpuTiming.status === "available" ? micros(gpuTiming.frameSpanMicros) + " us" : "n/a",
        gpuTiming.status === "available" ? "GPU span; " + gpuTiming.nodes.length + " of " + gpuCapable + " render/compute passes timed" : "GPU timing: " + gpuTiming.reason),
      card(bytes(Math.max(0, logical - physical)), "saved by aliasing (" + bytes(logical) + " in " + bytes(physical) + ", " + shared + " shared allocations)"),
      card(doc.diagnostics.length, "diagnostics")
    ]));
    var timed = retained.filter(function (n) { return n.id in gpu || n.id in cpu; });
    timed.sort(function (a, b) { return ((gpu[b.id] || 0) - (gpu[a.id] || 0)) || ((cpu[b.id] || 0) - (cpu[a.id] || 0)); });
    section.appendChild(el("h2", { text: "Slowest passes" }));
    if (!timed.length) section.appendChild(el("p", { class: "muted", text: "No pass was timed." }));
    else {
      var table = el("table", { id: "slowest" }, [el("tr", {}, [el("th", { text: "pass" }), el("th", { text: "kind" }), el("th", { text: "group" }), el("th", { class: "num", text: "GPU us" }), el("th", { class: "num", text: "CPU us" })])]);
      timed.slice(0, 10).forEach(function (n) {
        table.appendChild(el("tr", { class: "clickable", onclick: function () { select(n.id); show("graph"); } }, [el("td", { text: nameOf(n) }), el("td", { text: n.kind }), el("td", { text: groupPath(n.groupId) }), el("td", { class: "num", text: micros(gpu[n.id]) }), el("td", { class: "num", text: micros(cpu[n.id]) })]));
      });
      section.appendChild(table);
    }
    if (culled.length) {
      section.appendChild(el("h2", { text: "Culled passes" }));
      var list = el("ul");
      culled.slice(0, 50).forEach(function (n) { list.appendChild(el("li", { text: nameOf(n) + " (" + n.kind + "): " + n.compileState.reason })); });
      if (culled.length > 50) list.appendChild(el("li", { class: "muted", text: "and " + (culled.length - 50) + " more in the passes table" }));
      section.appendChild(list);
    }
  })();

  // Graph: a layered layout of the first GRAPH_CAP passes, in SVG, with pan and zoom.
  var selectPass, fitGraph;
  (function () {
    var section = sections.graph;
    var shown = retained.concat(culled).slice(0, GRAPH_CAP);
    var layer = {}, lastWriterLayer = {}, rows = [];
    shown.forEach(function (node) {
      var level = 0;
      if (node.compileState.status === "retained") {
        depsIn[node.id].forEach(function (d) { if (d.fromNodeId in layer) level = Math.max(level, layer[d.fromNodeId] + 1); });
      } else {
        accessesOf[node.id].forEach(function (a) { if (a.mode === "read" && a.resourceId in lastWriterLayer) level = Math.max(level, lastWriterLayer[a.resourceId] + 1); });
      }
      layer[node.id] = level;
      accessesOf[node.id].forEach(function (a) { if (a.mode === "write") lastWriterLayer[a.resourceId] = Math.max(lastWriterLayer[a.resourceId] || 0, level); });
    });
    // Long chains wrap into bands of COLUMNS layers, so the graph stays near the
    // shape of the screen instead of one row of tiny boxes.
    var W = 150, H = 40, GX = 50, GY = 16, BAND_GAP = 50, position = {}, layers = 0;
    shown.forEach(function (node) {
      var level = layer[node.id];
      rows[level] = (rows[level] || 0) + 1;
      layers = Math.max(layers, level + 1);
    });
    var COLUMNS = Math.max(6, Math.ceil(Math.sqrt(layers * 3))), bandTop = [], used = [];
    for (var band = 0, top = 0; band * COLUMNS < layers; band++) {
      bandTop[band] = top;
      var tallest = 0;
      for (var column = band * COLUMNS; column < Math.min(layers, (band + 1) * COLUMNS); column++) tallest = Math.max(tallest, rows[column] || 0);
      top += tallest * (H + GY) + BAND_GAP;
    }
    shown.forEach(function (node) {
      var level = layer[node.id], slot = used[level] || 0;
      position[node.id] = { x: (level % COLUMNS) * (W + GX), y: bandTop[Math.floor(level / COLUMNS)] + slot * (H + GY) };
      used[level] = slot + 1;
    });
    var view = el("div", { id: "graph-view" });
    var canvas = el("div", { id: "graph-canvas" });
    var details = el("div", { id: "pass-details" }, [el("p", { class: "muted", text: "Select a pass to see its accesses and dependencies." })]);
    var note = nodes.length > shown.length
      ? "showing the first " + shown.length + " of " + nodes.length + " passes (layout capped at " + GRAPH_CAP + "); every pass is in the passes table"
      : nodes.length + " passes; drag to pan, wheel to zoom, click a pass";
    canvas.appendChild(el("div", { id: "graph-note", text: note }));
    var root = svg("svg", { id: "graph-svg" }), world = svg("g", {});
    root.appendChild(world);
    canvas.appendChild(root);
    view.appendChild(canvas);
    view.appendChild(details);
    section.appendChild(view);

    var edges = [];
    graph.dependencies.forEach(function (d) {
      var from = position[d.fromNodeId], to = position[d.toNodeId];
      if (!from || !to) return;
      var x1 = from.x + W, y1 = from.y + H / 2, x2 = to.x, y2 = to.y + H / 2, bend = Math.max(30, (x2 - x1) / 2);
      var path = svg("path", { class: "edge " + d.kind, d: "M" + x1 + "," + y1 + " C" + (x1 + bend) + "," + y1 + " " + (x2 - bend) + "," + y2 + " " + x2 + "," + y2, "marker-end": "url(#arrow)" });
      path.appendChild(svg("title", {})).textContent = d.kind + " through " + nameOf(resourceById[d.resourceId]);
      path.dependency = d;
      edges.push(path);
      world.appendChild(path);
    });
    var defs = svg("defs", {}), marker = svg("marker", { id: "arrow", viewBox: "0 0 10 10", refX: "10", refY: "5", markerWidth: "7", markerHeight: "7", orient: "auto-start-reverse" });
    marker.appendChild(svg("path", { d: "M0,0 L10,5 L0,10 z", fill: "#52606d" }));
    defs.appendChild(marker);
    root.insertBefore(defs, world);
    var fills = { render: "#cfe8fc", compute: "#d3f9d8", copy: "#fff3bf", "clear-buffer": "#fff3bf", command: "#e5dbff", "external-submission": "#ffd8a8" };
    var passElements = {};
    shown.forEach(function (node) {
      var p = position[node.id], isCulled = node.compileState.status === "culled";
      var g = svg("g", { class: "pass" + (isCulled ? " culled" : ""), "data-id": node.id, "data-label": nameOf(node), transform: "translate(" + p.x + "," + p.y + ")" });
      g.appendChild(svg("rect", { width: W, height: H, fill: fills[node.kind] || "#fff" }));
      var title = nameOf(node);
      g.appendChild(svg("text", { x: 6, y: 16 })).textContent = title.length > 24 ? title.slice(0, 23) + "\u2026" : title;
      var second = isCulled ? "culled: " + node.compileState.reason : node.kind + " #" + node.compileState.executionOrder + (node.id in gpu ? "  " + micros(gpu[node.id]) + " us" : "");
      g.appendChild(svg("text", { x: 6, y: 32 })).textContent = second.length > 28 ? second.slice(0, 27) + "\u2026" : second;
      g.appendChild(svg("title", {})).textContent = title;
      g.addEventListener("click", function (event) { event.stopPropagation(); select(node.id); });
      passElements[node.id] = g;
      world.appendChild(g);
    });

    var scale = 1, tx = 20, ty = 30;
    function apply() { world.setAttribute("transform", "translate(" + tx + "," + ty + ") scale(" + scale + ")"); }
    fitGraph = function () {
      var width = canvas.clientWidth || 1000, height = canvas.clientHeight || 600;
      var maxX = 0, maxY = 0;
      shown.forEach(function (n) { maxX = Math.max(maxX, position[n.id].x + W); maxY = Math.max(maxY, position[n.id].y + H); });
      scale = Math.min(1.5, Math.max(0.05, Math.min((width - 40) / (maxX || 1), (height - 60) / (maxY || 1))));
      tx = 20; ty = 34;
      apply();
    };
    root.addEventListener("wheel", function (event) {
      event.preventDefault();
      var box = root.getBoundingClientRect(), mx = event.clientX - box.left, my = event.clientY - box.top;
      var factor = event.deltaY < 0 ? 1.15 : 1 / 1.15;
      tx = mx - (mx - tx) * factor; ty = my - (my - ty) * factor; scale *= factor;
      apply();
    }, { passive: false });
    var drag = null;
    root.addEventListener("mousedown", function (event) { drag = { x: event.clientX - tx, y: event.clientY - ty }; });
    window.addEventListener("mousemove", function (event) { if (drag) { tx = event.clientX - drag.x; ty = event.clientY - drag.y; apply(); } });
    window.addEventListener("mouseup", function () { drag = null; });
    apply();

    var selected = null;
    selectPass = function (id) {
      var node = nodeById[id];
      if (!node) return;
      if (selected && passElements[selected]) passElements[selected].classList.remove("selected");
      selected = id;
      if (passElements[id]) passElements[id].classList.add("selected");
      edges.forEach(function (path) {
        var touches = path.dependency.fromNodeId === id || path.dependency.toNodeId === id;
        path.setAttribute("class", "edge " + path.dependency.kind + (touches ? " highlight" : " faded"));
      });
      details.textContent = "";
      details.appendChild(el("h2", { text: nameOf(node) }));
      var state = node.compileState.status === "retained" ? "retained, execution order " + node.compileState.executionOrder : "culled: " + node.compileState.reason;
      var facts = [["id", node.id], ["kind", node.kind], ["state", state], ["group", groupPath(node.groupId) || "-"],
        ["segment", segmentOf[id] ? segmentOf[id].id + " (" + segmentOf[id].kind + ")" : "-"], ["CPU", micros(cpu[id]) + " us"], ["GPU", micros(gpu[id]) + " us"],
        ["side effect", node.sideEffect ? "yes" : "no"], ["roots", (rootsOf[id] || []).join(", ") || "-"]];
      if (!passElements[id]) facts.push(["graph", "outside the laid-out part"]);
      var table = el("table");
      facts.forEach(function (fact) { table.appendChild(el("tr", {}, [el("th", { text: fact[0] }), el("td", { text: fact[1] })])); });
      details.appendChild(table);
      details.appendChild(el("h2", { text: "Accesses (" + accessesOf[id].length + ")" }));
      var list = el("ul", { class: "accesses" });
      accessesOf[id].forEach(function (a) { list.appendChild(el("li", { text: a.access + " " + nameOf(resourceById[a.resourceId]) + (a.contents ? " (" + a.contents + ")" : "") })); });
      details.appendChild(list);
      [["Depends on", depsIn[id], "fromNodeId"], ["Needed by", depsOut[id], "toNodeId"]].forEach(function (group) {
        details.appendChild(el("h2", { text: group[0] + " (" + group[1].length + ")" }));
        var deps = el("ul");
        group[1].forEach(function (d) {
          var other = d[group[2]];
          deps.appendChild(el("li", {}, [el("a", { href: "#graph", text: nameOf(nodeById[other]), onclick: function (e) { e.preventDefault(); select(other); } }), " " + d.kind + " through " + nameOf(resourceById[d.resourceId])]));
        });
        details.appendChild(deps);
      });
    };
  })();
  function select(id) { selectPass(id); }

  // A paged, sortable table over `rows`.
  function pagedTable(section, id, columns, rows, options) {
    var state = { page: 0, sort: null, descending: false, filter: "", hideCulled: false };
    var toolbar = el("div", { class: "toolbar" });
    var search = el("input", { type: "search", placeholder: "filter by name" });
    search.oninput = function () { state.filter = search.value.toLowerCase(); state.page = 0; render(); };
    toolbar.appendChild(search);
    if (options.culled) {
      var box = el("input", { type: "checkbox", id: id + "-hide-culled" });
      box.onchange = function () { state.hideCulled = box.checked; state.page = 0; render(); };
      toolbar.appendChild(el("label", {}, [box, " hide culled"]));
    }
    var pager = el("div", { class: "pager" }), table = el("table", { id: id });
    section.appendChild(toolbar);
    section.appendChild(pager);
    section.appendChild(table);
    function render() {
      var visible = rows.filter(function (row) {
        if (state.hideCulled && options.culled(row)) return false;
        return !state.filter || options.name(row).toLowerCase().indexOf(state.filter) >= 0;
      });
      if (state.sort !== null) {
        var column = columns[state.sort];
        visible.sort(function (a, b) {
          var x = column.key(a), y = column.key(b);
          if (x === undefined) return 1;
          if (y === undefined) return -1;
          var order = x < y ? -1 : x > y ? 1 : 0;
          return state.descending ? -order : order;
        });
      }
      var pages = Math.max(1, Math.ceil(visible.length / PAGE));
      state.page = Math.min(state.page, pages - 1);
      table.textContent = "";
      var head = el("tr");
      columns.forEach(function (column, index) {
        var arrow = state.sort === index ? (state.descending ? " \u25bc" : " \u25b2") : "";
        head.appendChild(el("th", { class: (column.num ? "num " : "") + (column.key ? "sortable" : ""), text: column.title + arrow, onclick: column.key ? function () {
          state.descending = state.sort === index ? !state.descending : !!column.num;
          state.sort = index; render();
        } : null }));
      });
      table.appendChild(head);
      visible.slice(state.page * PAGE, (state.page + 1) * PAGE).forEach(function (row) {
        var tr = el("tr", { class: options.rowClass(row) });
        if (options.click) tr.onclick = function () { options.click(row); };
        columns.forEach(function (column) { tr.appendChild(el("td", { class: column.num ? "num" : "", text: column.text(row) })); });
        table.appendChild(tr);
      });
      pager.textContent = "";
      var first = visible.length ? state.page * PAGE + 1 : 0;
      pager.appendChild(el("button", { text: "previous", onclick: function () { if (state.page > 0) { state.page--; render(); } } }));
      pager.appendChild(el("span", { class: "page-info", text: "rows " + first + "\u2013" + Math.min(visible.length, (state.page + 1) * PAGE) + " of " + visible.length + " (page " + (state.page + 1) + " of " + pages + ")" }));
      pager.appendChild(el("button", { text: "next", onclick: function () { if (state.page < pages - 1) { state.page++; render(); } } }));
    }
    render();
  }

  // Passes.
  pagedTable(sections.passes, "passes-table", [
    { title: "order", num: true, key: function (n) { return n.compileState.executionOrder; }, text: function (n) { return n.compileState.status === "retained" ? String(n.compileState.executionOrder) : "-"; } },
    { title: "pass", key: function (n) { return nameOf(n); }, text: nameOf },
    { title: "kind", key: function (n) { return n.kind; }, text: function (n) { return n.kind; } },
    { title: "group", key: function (n) { return groupPath(n.groupId); }, text: function (n) { return groupPath(n.groupId); } },
    { title: "state", text: function (n) { return n.compileState.status === "retained" ? "retained" : "culled: " + n.compileState.reason; } },
    { title: "segment", text: function (n) { return segmentOf[n.id] ? segmentOf[n.id].id : "-"; } },
    { title: "CPU us", num: true, key: function (n) { return cpu[n.id]; }, text: function (n) { return micros(cpu[n.id]); } },
    { title: "GPU us", num: true, key: function (n) { return gpu[n.id]; }, text: function (n) { return micros(gpu[n.id]); } }
  ], retained.concat(culled), {
    name: nameOf,
    culled: function (n) { return n.compileState.status === "culled"; },
    rowClass: function (n) { return "pass-row clickable" + (n.compileState.status === "culled" ? " culled" : ""); },
    click: function (n) { select(n.id); show("graph"); }
  });

  // Resources.
  pagedTable(sections.resources, "resources-table", [
    { title: "resource", key: function (r) { return nameOf(r); }, text: nameOf },
    { title: "kind", key: function (r) { return r.kind; }, text: function (r) { return r.kind; } },
    { title: "origin", key: function (r) { return r.origin; }, text: function (r) { return r.origin; } },
    { title: "initial", text: function (r) { return r.initialContents || "unknown"; } },
    { title: "lifetime", num: true, key: function (r) { return r.lifetime ? r.lifetime.firstUse : undefined; }, text: function (r) { return r.lifetime ? "#" + r.lifetime.firstUse + "..#" + r.lifetime.lastUse : "unused"; } },
    { title: "size", num: true, key: function (r) { return r.estimatedByteSize; }, text: function (r) { return bytes(r.estimatedByteSize); } },
    { title: "allocation", text: function (r) { return r.allocationId ? r.allocationId + (membersOf[r.allocationId] && membersOf[r.allocationId].length > 1 ? " (aliased)" : "") : "-"; } },
    { title: "descriptor", text: function (r) { var d = r.descriptor; if (!d) return "-"; return d.kind === "texture" ? d.format + " " + d.size.width + "x" + d.size.height + "x" + d.size.depthOrArrayLayers + ", " + d.mipLevelCount + " mips" : d.size + " bytes"; } },
    { title: "usage", text: function (r) { return r.usageFlags.join(", "); } },
    { title: "roots", text: function (r) { return (rootsOf[r.id] || []).join(", "); } }
  ], resources, { name: nameOf, rowClass: function () { return "resource-row"; } });

  // Memory: each allocation with the lifetime bars of the resources in it.
  (function () {
    var section = sections.memory, span = Math.max(1, retained.length);
    var pool = doc.memory.poolReport;
    section.appendChild(el("p", { text: pool.status === "available"
      ? "Pool: " + pool.acquireCount + " acquisitions, " + pool.reuseCount + " reused, " + pool.createdCount + " created, " + pool.retainedCount + " kept" + (pool.estimatedRetainedBytes !== undefined ? " (" + bytes(pool.estimatedRetainedBytes) + ")" : "")
      : "Pool report unavailable: " + pool.reason }));
    if (doc.memory.allocationReport.status !== "available") {
      section.appendChild(el("p", { class: "muted", text: "Allocation report unavailable: " + doc.memory.allocationReport.reason }));
      return;
    }
    var toolbar = el("div", { class: "toolbar" }), onlyShared = el("input", { type: "checkbox" });
    toolbar.appendChild(el("label", {}, [onlyShared, " only allocations shared by several resources"]));
    var pager = el("div", { class: "pager" }), list = el("div", { id: "allocations" }), page = 0;
    section.appendChild(toolbar);
    section.appendChild(pager);
    section.appendChild(list);
    onlyShared.onchange = function () { page = 0; render(); };
    function render() {
      var visible = allocations.filter(function (a) { return !onlyShared.checked || membersOf[a.id].length > 1; });
      var pages = Math.max(1, Math.ceil(visible.length / ALLOCATION_PAGE));
      page = Math.min(page, pages - 1);
      list.textContent = "";
      visible.slice(page * ALLOCATION_PAGE, (page + 1) * ALLOCATION_PAGE).forEach(function (allocation) {
        var members = membersOf[allocation.id], aliased = members.length > 1;
        var box = el("div", { class: "allocation" + (aliased ? " aliased" : ""), "data-id": allocation.id, "data-aliased": String(aliased) }, [
          el("div", {}, [el("strong", { text: allocation.id }), " " + allocation.kind + ", " + bytes(allocation.estimatedByteSize) + ", " + members.length + " resource" + (members.length === 1 ? "" : "s") + " ",
            aliased ? el("span", { class: "badge aliased", text: "aliased" }) : el("span"), el("span", { class: "muted", text: " " + allocation.compatibilityClassId })])
        ]);
        members.forEach(function (resource) {
          var track = el("div", { class: "track" });
          var life = resource.lifetime;
          if (life) {
            var bar = el("div", { class: "bar", "data-resource": nameOf(resource), title: nameOf(resource) + " #" + life.firstUse + "..#" + life.lastUse, text: nameOf(resource) + " #" + life.firstUse + "..#" + life.lastUse });
            bar.style.left = (100 * life.firstUse / span) + "%";
            bar.style.width = (100 * (life.lastUse - life.firstUse + 1) / span) + "%";
            track.appendChild(bar);
          } else track.appendChild(el("span", { class: "muted", text: nameOf(resource) + ": no lifetime" }));
          box.appendChild(track);
        });
        list.appendChild(box);
      });
      pager.textContent = "";
      pager.appendChild(el("button", { text: "previous", onclick: function () { if (page > 0) { page--; render(); } } }));
      pager.appendChild(el("span", { text: visible.length + " allocations (page " + (page + 1) + " of " + pages + "); bars span execution order 0.." + (span - 1) }));
      pager.appendChild(el("button", { text: "next", onclick: function () { if (page < pages - 1) { page++; render(); } } }));
    }
    render();
  })();

  // Diagnostics.
  (function () {
    var section = sections.diagnostics;
    if (capture.migration && capture.migration.unavailableFacts.length) {
      section.appendChild(el("p", { text: "Facts the migrated source could not provide: " + capture.migration.unavailableFacts.join(", ") }));
    }
    if (!doc.diagnostics.length) { section.appendChild(el("p", { class: "muted", text: "No diagnostics." })); return; }
    pagedTable(section, "diagnostics-table", [
      { title: "severity", key: function (d) { return d.severity; }, text: function (d) { return d.severity; } },
      { title: "code", key: function (d) { return d.code; }, text: function (d) { return d.code; } },
      { title: "message", text: function (d) { return d.message; } },
      { title: "pass", text: function (d) { return d.nodeId ? nameOf(nodeById[d.nodeId]) : ""; } },
      { title: "resource", text: function (d) { return d.resourceId ? nameOf(resourceById[d.resourceId]) : ""; } }
    ], doc.diagnostics, { name: function (d) { return d.code + " " + d.message; }, rowClass: function (d) { return "diagnostic-row " + d.severity; } });
  })();

  // `#graph` opens a tab; `#graph/node:3` also selects a pass.
  var initial = location.hash.slice(1).split("/"), pass = initial.slice(1).join("/");
  show(tabs.indexOf(initial[0]) >= 0 ? initial[0] : "overview");
  if (pass) select(decodeURIComponent(pass));
  document.body.setAttribute("data-state", document.getElementById("script-error") ? "error" : "ready");
})();
