/* Registers the service worker and adds 'Save for offline' to downloads (progressive
   enhancement: without it the site works as plain pages). Kept tiny on purpose. */
(function () {
  if (!("serviceWorker" in navigator) || !("caches" in window)) return;
  var SAVED = "saved-files";
  var INDEX = "/__saved-index";

  navigator.serviceWorker
    .register("/sw.js")
    .then(function () {
      return navigator.serviceWorker.ready;
    })
    .then(function (registration) {
      var loaded = performance
        .getEntriesByType("resource")
        .map(function (entry) {
          return entry.name;
        })
        .filter(function (name) {
          return (
            name.indexOf(location.origin + "/assets/") === 0 ||
            name.indexOf(location.origin + "/images/") === 0
          );
        });
      if (registration.active)
        registration.active.postMessage({ keep: [location.pathname].concat(loaded) });
    })
    .catch(function () {});

  function readIndex(cache) {
    return cache.match(INDEX).then(function (response) {
      return response ? response.json() : {};
    });
  }
  function writeIndex(cache, index) {
    return cache.put(
      INDEX,
      new Response(JSON.stringify(index), { headers: { "content-type": "application/json" } }),
    );
  }
  function size(bytes) {
    return bytes < 1000000
      ? Math.max(1, Math.round(bytes / 1000)) + " KB"
      : (bytes / 1000000).toFixed(1) + " MB";
  }

  caches.open(SAVED).then(function (cache) {
    return readIndex(cache).then(function (index) {
      document.querySelectorAll("[data-save-offline]").forEach(function (button) {
        var href = button.getAttribute("data-save-offline");
        button.removeAttribute("data-pending");
        if (index[href]) {
          button.textContent = "Saved for offline";
          button.disabled = true;
        }
        button.addEventListener("click", function () {
          button.disabled = true;
          button.textContent = "Saving ...";
          fetch(href)
            .then(function (response) {
              if (!response.ok) throw new Error("not saved");
              return response
                .clone()
                .arrayBuffer()
                .then(function (bytes) {
                  return cache.put(href, response).then(function () {
                    return readIndex(cache).then(function (latest) {
                      latest[href] = {
                        title: button.getAttribute("data-title"),
                        bytes: bytes.byteLength,
                        page: location.pathname,
                      };
                      return writeIndex(cache, latest);
                    });
                  });
                });
            })
            .then(
              function () {
                button.textContent = "Saved for offline";
              },
              function () {
                button.disabled = false;
                button.textContent = "Could not save: try again";
              },
            );
        });
      });

      var list = document.getElementById("saved-list");
      if (!list) return;
      var render = function (current) {
        var hrefs = Object.keys(current);
        var total = hrefs.reduce(function (sum, href) {
          return sum + current[href].bytes;
        }, 0);
        list.textContent = "";
        var summary = document.createElement("p");
        summary.textContent = hrefs.length
          ? hrefs.length + " saved, " + size(total) + " in all."
          : "Nothing saved yet. Use 'Save for offline' beside a booklet or paper.";
        list.appendChild(summary);
        var items = document.createElement("ul");
        hrefs.forEach(function (href) {
          var item = document.createElement("li");
          var link = document.createElement("a");
          link.href = href;
          link.textContent = current[href].title;
          var remove = document.createElement("button");
          remove.type = "button";
          remove.textContent = "Remove";
          remove.addEventListener("click", function () {
            delete current[href];
            cache
              .delete(href)
              .then(function () {
                return writeIndex(cache, current);
              })
              .then(function () {
                render(current);
              });
          });
          item.appendChild(link);
          item.appendChild(document.createTextNode(" (" + size(current[href].bytes) + ") "));
          item.appendChild(remove);
          items.appendChild(item);
        });
        list.appendChild(items);
      };
      render(index);
    });
  });
})();
