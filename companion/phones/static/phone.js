// The phone page: one seat's sealed choice, live over a WebSocket.
// The token is the last part of the address (/s/TOKEN); nothing is kept but the language.
(function () {
  "use strict";
  var S = JSON.parse(document.getElementById("strings").textContent);
  var lang = localStorage.getItem("lang") || document.documentElement.lang || "en";
  if (!S[lang]) { lang = "en"; }
  var token = location.pathname.split("/")[2] || "";
  var ws = null, state = null, stopped = null, retry = 0, timer = null, noticeTimer = null;
  var entry = { epoch: -1, amount: null, choice: null };
  var COLORS = { red: "#c62828", blue: "#1565c0", green: "#2e7d32", yellow: "#f9c825", purple: "#7b1fa2",
                 black: "#212121", white: "#fafafa", orange: "#ef6c00", brown: "#6d4c41" };

  function $(id) { return document.getElementById(id); }
  function t(key, params) {
    var text = (S[lang] && S[lang][key]) || S.en[key] || key;
    return text.replace(/\{(\w+)\}/g, function (m, name) {
      return params && name in params ? String(params[name]) : m;
    });
  }
  function colour(name) {
    if (COLORS[name]) { return COLORS[name]; }
    return /^#[0-9a-fA-F]{3,8}$/.test(name || "") ? name : "#888";
  }
  function words(map, fallback) { return (map && (map[lang] || map.en)) || String(fallback); }
  function show(value, labels) {
    if (value === null || value === undefined) { return ""; }
    if (typeof value === "object") {
      return show(value.choice, labels) + " · " + value.amount;
    }
    if (typeof value === "string") { return words(labels && labels[value], value); }
    return String(value);
  }
  function clear(el) { while (el.firstChild) { el.removeChild(el.firstChild); } }
  function item(list, color, who, right, cls) {
    var li = document.createElement("li");
    var dot = document.createElement("span");
    dot.className = "dot";
    dot.style.background = colour(color);
    var name = document.createElement("span");
    name.className = "who";
    name.textContent = who;
    li.appendChild(dot);
    li.appendChild(name);
    li.appendChild(right);
    if (cls) { li.className = cls; }
    list.appendChild(li);
  }

  // -- the entry ------------------------------------------------------------------------
  function request() { return state && state.status === "owes" ? state.request : null; }
  function hasAmount(r) { return r && r.kind !== "choice"; }
  function hasChoice(r) { return r && r.kind !== "amount"; }
  function amountOk(r, v) {
    return typeof v === "number" && isFinite(v) && Math.floor(v) === v && v >= r.minimum &&
      (r.maximum === null || v <= r.maximum) && (r.step <= 1 || (v - r.minimum) % r.step === 0);
  }
  function valueToSend(r) {
    if (!r) { return null; }
    if (r.kind === "choice") { return entry.choice; }
    if (r.kind === "amount") { return amountOk(r, entry.amount) ? entry.amount : null; }
    if (entry.choice === null || !amountOk(r, entry.amount)) { return null; }
    return { choice: entry.choice, amount: entry.amount };
  }
  function stepAmount(dir) {
    var r = request();
    if (!hasAmount(r)) { return; }
    var v = amountOk(r, entry.amount) ? entry.amount + dir * r.step : r.minimum;
    if (r.maximum !== null) { v = Math.min(v, r.maximum); }
    entry.amount = Math.max(v, r.minimum);
    render();
  }

  // -- drawing ------------------------------------------------------------------------------
  function render() {
    document.documentElement.lang = lang;
    document.title = t("title");
    Array.prototype.forEach.call(document.querySelectorAll("[data-t]"), function (el) {
      el.textContent = t(el.getAttribute("data-t"));
    });
    $("lang").textContent = t("other_language");
    if (!state) { return; }
    $("swatch").style.background = colour(state.color);
    $("name").textContent = state.name || "";
    $("money").textContent = state.money === null || state.money === undefined ? "" :
      state.money + " " + words(state.unit, "");
    var r = request();
    var live = !stopped;
    $("ask").hidden = !live || !r;
    $("held").hidden = !live || state.status !== "locked";
    $("waiting").hidden = !live || state.status !== "idle" || !!state.reveal;
    if (r) { drawAsk(r); }
    if (state.status === "locked") { drawHeld(); }
    drawReveal();
    drawOthers();
  }
  function drawAsk(r) {
    $("ask-title").textContent = words(state.title, "");
    var box = $("choices");
    clear(box);
    box.hidden = !hasChoice(r);
    (r.choices || []).forEach(function (c) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "choice" + (entry.choice === c ? " on" : "");
      b.textContent = show(c, r.labels);
      b.addEventListener("click", function () { entry.choice = c; render(); });
      box.appendChild(b);
    });
    $("amount-box").hidden = !hasAmount(r);
    $("range").hidden = !hasAmount(r);
    if (hasAmount(r)) {
      var input = $("amount");
      if (document.activeElement !== input) { input.value = entry.amount === null ? "" : entry.amount; }
      input.min = r.minimum;
      if (r.maximum !== null) { input.max = r.maximum; }
      input.step = r.step;
      input.classList.toggle("bad", entry.amount !== null && !amountOk(r, entry.amount));
      $("range").textContent = t(r.step > 1 ? "range" : "range_plain",
                                 { minimum: r.minimum, maximum: r.maximum, step: r.step });
      $("down").disabled = entry.amount !== null && entry.amount <= r.minimum;
      $("up").disabled = r.maximum !== null && entry.amount !== null && entry.amount >= r.maximum;
    }
    $("lock").disabled = state.pending || valueToSend(r) === null;
    $("lock").textContent = state.pending ? t("locking") : t("lock");
  }
  function drawHeld() {
    $("held-title").textContent = words(state.title, "");
    var labels = state.request && state.request.labels;
    var text;
    if (state.own !== null && state.own !== undefined) { text = t("you_locked", { value: show(state.own, labels) }); }
    else if (state.holder === "handset") { text = t("locked_on_handset"); }
    else if (state.holder === "keypad") { text = t("locked_on_keypad"); }
    else { text = t("locked_hidden"); }
    $("held-value").textContent = text;
    $("unlock").hidden = state.holder === "handset" || state.holder === "keypad";
  }
  function drawReveal() {
    var rv = state.reveal;
    $("reveal").hidden = !rv;
    var list = $("reveal-list");
    clear(list);
    if (!rv) { return; }
    $("reveal-title").textContent = words(rv.title, t("reveal"));
    rv.values.forEach(function (v) {
      var right = document.createElement("span");
      right.className = "value";
      right.textContent = !v.label ? show(v.value) :
        words(v.label, "") + (typeof v.value === "object" ? " · " + v.value.amount : "");
      item(list, v.color, v.name, right, v.seat === state.seat ? "me" : "");
    });
  }
  function drawOthers() {
    var list = $("others");
    clear(list);
    (state.others || []).forEach(function (o) {
      var right = document.createElement("span");
      right.className = "state " + o.status;
      var parts = o.status === "idle" ? [] : [t(o.status)];
      if (o.seat === state.seat) { parts.unshift(t("you")); }
      else if (o.phone) { parts.push(t("phone")); }
      right.textContent = parts.join(" · ");
      item(list, o.color, o.name, right, o.seat === state.seat ? "me" : "");
    });
  }
  function notice(text) {
    $("notice").textContent = text;
    if (noticeTimer) { clearTimeout(noticeTimer); }
    noticeTimer = setTimeout(function () { $("notice").textContent = ""; }, 6000);
  }
  function banner(text) {
    $("banner").textContent = text || "";
    $("banner").hidden = !text;
  }

  // -- the connection -----------------------------------------------------------------------
  function send(message) {
    if (ws && ws.readyState === 1) { ws.send(JSON.stringify(message)); }
  }
  function receive(event) {
    var m;
    try { m = JSON.parse(event.data); } catch (e) { return; }
    if (m.op === "state") {
      if (m.epoch !== entry.epoch) {
        entry = { epoch: m.epoch, amount: m.request && m.request.kind !== "choice" ? m.request.minimum : null,
                  choice: null };
      }
      state = m;
      render();
    } else if (m.op === "refused") {
      notice(words(m.text, ""));
    } else if (m.op === "bye") {
      if (m.reason === "closing") { banner(t("offline")); return; }  // the table restarts: retry
      stopped = m.reason;
      banner(t(m.reason === "replaced" ? "replaced" : m.reason === "new_game" ? "new_game" : "kicked"));
      $("rejoin").hidden = m.reason !== "replaced";
      render();
    }
  }
  function connect() {
    timer = null;
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    ws = new WebSocket(scheme + location.host + "/ws/" + token);
    ws.onopen = function () { retry = 0; banner(""); };
    ws.onmessage = receive;
    ws.onclose = function () {
      ws = null;
      if (stopped) { return; }
      banner(t("offline"));
      later();
    };
  }
  function later() {
    if (timer || stopped) { return; }
    var delay = Math.min(10000, 500 * Math.pow(2, retry));
    retry += 1;
    timer = setTimeout(check, delay);
  }
  function check() {
    // A refused token is a 403 on the page itself: say so instead of retrying for ever.
    timer = null;
    fetch(location.pathname, { cache: "no-store" }).then(function (r) {
      if (r.status === 403) { stopped = "gone"; banner(t("gone")); render(); }
      else { connect(); }
    }).catch(later);
  }

  // -- controls -----------------------------------------------------------------------------
  $("up").addEventListener("click", function () { stepAmount(1); });
  $("down").addEventListener("click", function () { stepAmount(-1); });
  $("amount").addEventListener("input", function () {
    var text = $("amount").value.trim();
    entry.amount = /^\d{1,9}$/.test(text) ? parseInt(text, 10) : (text === "" ? null : NaN);
    render();
  });
  $("lock").addEventListener("click", function () {
    var value = valueToSend(request());
    if (value === null) { notice(t("not_valid")); return; }
    send({ op: "lock", epoch: state.epoch, value: value });
  });
  $("unlock").addEventListener("click", function () {
    if (state) { send({ op: "unlock", epoch: state.epoch }); }
  });
  $("lang").addEventListener("click", function () {
    lang = lang === "it" ? "en" : "it";
    localStorage.setItem("lang", lang);
    render();
  });
  $("rejoin").addEventListener("click", function () {
    stopped = null;
    $("rejoin").hidden = true;
    banner("");
    connect();
  });
  document.addEventListener("visibilitychange", function () {
    // A phone that slept: resync at once instead of waiting for the next retry.
    if (document.visibilityState !== "visible" || stopped) { return; }
    if (ws && ws.readyState === 1) { send({ op: "hello" }); }
    else if (!ws) { if (timer) { clearTimeout(timer); timer = null; } check(); }
  });
  render();
  connect();
})();
