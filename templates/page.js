// The reviewer's page: selecting an item (click, or Enter/Space on the focused button) shows the
// detail of its parts, rendered beneath its artefact, in the panel; filters by what an item is
// (its section), by its verdict (its term) and by its class, and a search by label, dim the items
// that do not match. Each item is counted once in each filter, so each filter's counts add up to the
// items shown. With `#selftest` in the URL the page selects every item in turn, compares what the
// panel shows with the embedded account, checks the filters' counts, and writes the outcome into
// #selftest (read by the browser test through --dump-dom).
(function () {
  "use strict";
  var problems = [];
  function report(message) {
    problems.push(message);
    var box = document.getElementById("selftest");
    if (box) {
      var line = document.createElement("p");
      line.className = "page-error";
      line.textContent = message;
      box.appendChild(line);
      box.hidden = false;
    }
  }
  window.addEventListener("error", function (e) { report("error: " + e.message); });
  document.addEventListener("securitypolicyviolation", function (e) {
    report("blocked request: " + e.blockedURI + " (" + e.violatedDirective + ")");
  });

  var data = JSON.parse(document.getElementById("ledger-data").textContent).entries;
  var byAnchor = Object.create(null);
  data.forEach(function (d) { byAnchor[d.anchor] = d; });
  var items = Array.prototype.slice.call(document.querySelectorAll("button.item"));
  var panel = document.getElementById("panel");
  var body = document.getElementById("panel-body");
  var selected = null;

  function entriesOf(item) { return item.getAttribute("data-entries").split(" "); }

  function select(item) {
    if (selected) { selected.classList.remove("selected"); }
    selected = item;
    item.classList.add("selected");
    body.textContent = "";
    entriesOf(item).forEach(function (anchor) {
      var source = document.getElementById("d-" + anchor);
      if (!source) { report("no detail for " + anchor); return; }
      var copy = source.cloneNode(true);
      copy.removeAttribute("id");
      body.appendChild(copy);
    });
    panel.hidden = false;
  }

  function close() {
    panel.hidden = true;
    if (selected) { selected.classList.remove("selected"); selected.focus(); }
    selected = null;
  }

  document.addEventListener("click", function (e) {
    var item = e.target.closest("button.item");
    if (item) { select(item); }
  });
  document.getElementById("panel-close").addEventListener("click", close);
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && !panel.hidden) { close(); }
  });

  // A link to an entry (a finding's numbers, "show in the table") selects its item.
  function follow() {
    var id = decodeURIComponent(location.hash.slice(1));
    if (!id || id === "selftest") { return; }
    var target = document.getElementById(id);
    var item = target && target.closest("button.item");
    if (item) { select(item); item.focus(); }
  }
  window.addEventListener("hashchange", follow);

  // Filters: an item stays when its section, its term and its class are ticked and its words or
  // number contain the search text.
  var boxes = Array.prototype.slice.call(document.querySelectorAll(".filters input[type=checkbox]"));
  var search = document.getElementById("search");
  function ticked(name) {
    return boxes.filter(function (b) { return b.name === name && b.checked; })
      .map(function (b) { return b.value; });
  }
  function filter() {
    var sections = ticked("section");
    var terms = ticked("term");
    var classes = ticked("class");
    var text = search.value.trim().toLowerCase();
    var shown = 0;
    items.forEach(function (item) {
      var keep = sections.indexOf(item.getAttribute("data-section")) >= 0 &&
        terms.indexOf(item.getAttribute("data-term")) >= 0 &&
        classes.indexOf(item.getAttribute("data-class")) >= 0 &&
        (text === "" || (item.getAttribute("data-labels") + " " + item.textContent).toLowerCase().indexOf(text) >= 0);
      item.classList.toggle("dim", !keep);
      var li = item.parentElement;
      if (li && li.tagName === "LI") { li.classList.toggle("hidden", !keep); }
      if (keep) { shown += 1; }
    });
    document.getElementById("filter-count").textContent =
      shown + " of " + items.length + " cells and claims shown";
    return shown;
  }
  boxes.forEach(function (b) { b.addEventListener("change", filter); });
  search.addEventListener("input", filter);
  filter();

  function selftest() {
    var seen = Object.create(null);
    var fields = 0;
    function expect(what, shown, wanted) {
      fields += 1;
      if (shown !== wanted) {
        report(what + ": shows " + JSON.stringify(shown) + ", ledger " + JSON.stringify(wanted));
      }
    }
    items.forEach(function (item) {
      select(item);
      var wanted = entriesOf(item);
      var shown = Array.prototype.slice.call(body.querySelectorAll("dl.detail"));
      expect(item.id + " entries", shown.map(function (d) { return d.getAttribute("data-anchor"); }).join(" "), wanted.join(" "));
      shown.forEach(function (dl) {
        var anchor = dl.getAttribute("data-anchor");
        var d = byAnchor[anchor];
        if (!d) { report("no ledger entry for " + anchor); return; }
        seen[anchor] = (seen[anchor] || 0) + 1;
        function field(name) {
          var el = dl.querySelector("[data-field=" + name + "]");
          return el ? el.textContent : null;
        }
        var item = d.item;
        expect(anchor + " printed", field("printed"), item.printed);
        expect(anchor + " class", field("class"), item.class);
        expect(anchor + " recomputed", field("rebuilt"), item.rebuilt === null ? "—" : item.rebuilt);
        expect(anchor + " stand-in", field("stand_in"), d.stand_in_shown === null ? "—" : d.stand_in_shown);
        expect(anchor + " verdict", field("verdict"), item.words);
        expect(anchor + " arithmetic", field("detail"), item.detail);
        expect(anchor + " holding", field("holding"), d.holding_words);
        expect(anchor + " across", field("across"), item.across === undefined ? null : item.across);
        var links = Array.prototype.slice.call(dl.querySelectorAll("[data-field=finding]"))
          .map(function (a) { return a.getAttribute("href"); }).join(" ");
        expect(anchor + " findings", links, d.findings.map(function (f) { return "#" + f; }).join(" "));
        d.findings.forEach(function (f) {
          if (!document.getElementById(f)) { report(anchor + ": finding " + f + " is not on the page"); }
        });
      });
    });
    data.forEach(function (d) {
      if (seen[d.anchor] !== 1) { report(d.anchor + " shown " + (seen[d.anchor] || 0) + " times"); }
    });
    // Each filter's counts add up to the items shown, and each count is the number of items it keeps.
    ["section", "term", "class"].forEach(function (name) {
      var sum = 0;
      boxes.filter(function (b) { return b.name === name; }).forEach(function (b) {
        var count = parseInt(b.parentElement.textContent.match(/\((\d+)\)\s*$/)[1], 10);
        sum += count;
        boxes.forEach(function (o) { o.checked = o.name !== name || o === b; });
        expect(name + " " + b.value + " count", filter(), count);
      });
      expect(name + " counts add up", sum, items.length);
      boxes.forEach(function (o) { o.checked = true; });
    });
    // The filters: with no verdict ticked nothing is shown; with all, everything.
    boxes.forEach(function (b) { if (b.name === "term") { b.checked = false; } });
    expect("items shown with no verdict ticked", filter(), 0);
    boxes.forEach(function (b) { b.checked = true; });
    expect("items shown with every box ticked", filter(), items.length);
    close();
    var result = document.createElement("pre");
    result.id = "selftest-result";
    result.textContent = (problems.length === 0 ? "selftest: PASS" : "selftest: FAIL") +
      " items=" + items.length + " entries=" + data.length + " fields=" + fields +
      " problems=" + problems.length;
    var box = document.getElementById("selftest");
    box.appendChild(result);
    box.hidden = false;
  }

  // Printing opens every collapsed list, so that paper loses nothing the screen folds away.
  window.addEventListener("beforeprint", function () {
    Array.prototype.forEach.call(document.querySelectorAll("details"), function (d) { d.open = true; });
  });

  if (location.hash === "#selftest") { selftest(); } else { follow(); }
})();
