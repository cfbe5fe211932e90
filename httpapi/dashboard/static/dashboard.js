// The dashboard's only script: copy buttons. Everything else works
// without JavaScript.
"use strict";
document.addEventListener("click", function (ev) {
  var btn = ev.target.closest("button[data-copy]");
  if (!btn) return;
  var el = document.getElementById(btn.getAttribute("data-copy"));
  if (!el || !navigator.clipboard) return;
  navigator.clipboard.writeText(el.textContent).then(function () {
    btn.textContent = "Copied";
  }, function () {
    btn.textContent = "Copy failed: select the text";
  });
});
