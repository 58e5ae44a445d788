/* Registers the service worker, adds 'Save for offline' to downloads, on /app the 'Add to Home
   screen' button, and on a search made offline the pages kept on the phone (progressive
   enhancement: without it the site works as plain pages).
   Kept tiny on purpose. */
(function () {
  var install = document.getElementById("install-app");
  // Shown only where the browser offers to install the site; /app explains the menu way too.
  if (install)
    window.addEventListener("beforeinstallprompt", function (event) {
      event.preventDefault();
      install.hidden = false;
      install.onclick = function () {
        install.hidden = true;
        event.prompt();
      };
    });

  if (!("serviceWorker" in navigator) || !("caches" in window)) return;
  var SAVED = "saved-files";
  var INDEX = "/__saved-index";

  // What the page loaded before the worker controlled it is named once the page has loaded
  // too: on a slow first visit the worker can be ready while the quiz's script is still coming,
  // and a script missed here would be missing offline.
  var pageLoaded = new Promise(function (resolve) {
    if (document.readyState === "complete") resolve();
    else window.addEventListener("load", resolve);
  });
  navigator.serviceWorker
    .register("/sw.js")
    .then(function () {
      return Promise.all([navigator.serviceWorker.ready, pageLoaded]);
    })
    .then(function (ready) {
      var registration = ready[0];
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

  // The page a search shows offline (app/routes/offline-search.tsx): the query it could not
  // make, and the pages this phone keeps, the most recently opened first, by their titles.
  var kept = document.getElementById("kept-pages");
  if (kept) {
    var query = (new URLSearchParams(location.search).get("q") || "").replace(/\s+/g, " ").trim();
    var unsearched = document.getElementById("unsearched");
    if (query) {
      unsearched.querySelector("strong").textContent = query;
      unsearched.hidden = false;
      document.getElementById("site-search").value = query;
    }
    caches
      .keys()
      .then(function (names) {
        // sw.js names its cache of pages "pages-" and its version; none yet, nothing to list.
        var name = names
          .filter(function (key) {
            return key.indexOf("pages-") === 0;
          })
          .pop();
        return name && caches.open(name);
      })
      .then(function (cache) {
        if (!cache) return;
        return cache.keys().then(function (requests) {
          var paths = requests
            .map(function (request) {
              return new URL(request.url).pathname;
            })
            .filter(function (path) {
              return !/^\/(offline|search)(\/|$)/.test(path);
            })
            .reverse();
          return Promise.all(
            paths.map(function (path) {
              return cache.match(path).then(titleOf);
            }),
          ).then(function (titles) {
            paths.forEach(function (path, at) {
              var item = document.createElement("li");
              var link = document.createElement("a");
              link.href = path;
              link.textContent = titles[at] || path;
              item.appendChild(link);
              kept.appendChild(item);
            });
            kept.hidden = !paths.length;
          });
        });
      })
      .catch(function () {});
  }
  // Reads a kept page only as far as its title, near the top of its head, and not the name
  // of the site after it ("Mathematics | StudyZed").
  function titleOf(response) {
    // Trimmed away since the list was read.
    if (!response) return "";
    var reader = response.body.getReader();
    var decoder = new TextDecoder();
    var head = "";
    function read() {
      return reader.read().then(function (part) {
        if (!part.done) head += decoder.decode(part.value, { stream: true });
        var end = head.indexOf("</title>");
        if (end < 0 && !part.done) return read();
        reader.cancel();
        return end < 0
          ? ""
          : new DOMParser()
              .parseFromString(head.slice(0, end), "text/html")
              .title.replace(/ \| [^|]*$/, "");
      });
    }
    return read();
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
                      // What /saved shows comes from the page, so it needs no connection.
                      latest[href] = {
                        title: button.getAttribute("data-title"),
                        subject: button.getAttribute("data-subject"),
                        year: Number(button.getAttribute("data-year")) || null,
                        label: button.getAttribute("data-label"),
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
        // Grouped by subject, in the order saved; files saved before subjects were kept come last.
        var groups = {};
        hrefs.forEach(function (href) {
          var subject = current[href].subject || "Other files";
          (groups[subject] = groups[subject] || []).push(href);
        });
        Object.keys(groups)
          .sort(function (a, b) {
            return (a === "Other files") - (b === "Other files") || a.localeCompare(b);
          })
          .forEach(function (subject) {
            var heading = document.createElement("h2");
            heading.textContent = subject;
            var items = document.createElement("ul");
            groups[subject].forEach(function (href) {
              items.appendChild(savedItem(current, href));
            });
            list.appendChild(heading);
            list.appendChild(items);
          });
      };
      var savedItem = function (current, href) {
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
        return item;
      };
      // Online, the service worker checks every saved file and says when one was replaced.
      navigator.serviceWorker.onmessage = function (event) {
        if (event.data && event.data.savedRefreshed) readIndex(cache).then(render);
      };
      if (navigator.onLine && navigator.serviceWorker.controller)
        navigator.serviceWorker.controller.postMessage({ refreshSaved: true });
      render(index);
    });
  });
})();
