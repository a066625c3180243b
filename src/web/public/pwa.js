// Makes Caredeck installable: registers the service worker and keeps the browser's
// install offer, which arrives once and early, until the landing page's "Install the app" uses it.
// External, like preferences-init.js, so the CSP needs no inline script.
(function () {
  window.addEventListener('beforeinstallprompt', function (event) {
    event.preventDefault();
    window.caredeckInstallPrompt = event;
    window.dispatchEvent(new Event('caredeck:install-prompt'));
  });
  window.addEventListener('appinstalled', function () {
    window.caredeckInstallPrompt = null;
    window.dispatchEvent(new Event('caredeck:install-prompt'));
  });
  // Automated browsers (the e2e suite) run without it: a worker in front of the network would hide
  // requests from the tests' own routing.
  if (!('serviceWorker' in navigator) || navigator.webdriver) return;
  window.addEventListener('load', function () {
    navigator.serviceWorker.register('/sw.js').catch(function () {
      /* no offline shell; the app works as before */
    });
  });
})();
