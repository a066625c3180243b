// Runs before the app bundle: applies the stored theme (or the system preference) and the stored
// language's direction, so the first paint already has the right colours and layout.
(function () {
  try {
    var root = document.documentElement;
    var theme = localStorage.getItem('theme');
    if (theme !== 'dark' && theme !== 'light') {
      theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
    root.classList.toggle('dark', theme === 'dark');
    root.style.colorScheme = theme;
    var lang = localStorage.getItem('caredeck.language');
    if (lang) {
      root.lang = lang;
      root.dir = ['ar', 'he', 'fa', 'ur'].indexOf(lang.split('-')[0]) >= 0 ? 'rtl' : 'ltr';
    }
  } catch {
    /* storage unavailable: the app applies its defaults */
  }
  // The first paint waits for the texts of the visitor's language (the stored choice, else the
  // browser's first supported language, else English, as src/web/lib/i18n.ts decides): preload
  // them now, alongside the app's script. The build lists their files per language in index.html:
  // the landing page's for /, the app frame's for every other page.
  try {
    var listed = document.getElementById(location.pathname === '/' ? 'first-paint-texts' : 'shell-texts');
    var files = listed ? JSON.parse(listed.textContent) : {};
    var language = localStorage.getItem('caredeck.language');
    if (!files[language]) {
      var wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
      language = 'en';
      for (var i = 0; i < wanted.length; i++) {
        var base = String(wanted[i] || '')
          .toLowerCase()
          .split('-')[0];
        if (files[base]) {
          language = base;
          break;
        }
      }
    }
    // The prerendered landing page (landing.html) is in English: another language waits for the app.
    if (language !== 'en') document.documentElement.setAttribute('data-hide-prerendered', '');
    (files[language] || []).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
  } catch {
    /* no list or no storage: the app loads its texts itself */
  }
  // The first screen's code, which the entry imports only once it has run: the landing page on /,
  // the app and its signed-in frame elsewhere. Preloaded now, it downloads alongside the entry.
  try {
    var modules = document.getElementById(location.pathname === '/' ? 'landing-modules' : 'shell-modules');
    (modules ? JSON.parse(modules.textContent) : []).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
  } catch {
    /* no list: the entry loads the screen itself */
  }
  // The landing page's largest paint is the hero poster, which React renders only after the app's
  // JavaScript and texts have loaded: fetch it now, in parallel with them. Other
  // pages do not show it, so only / asks for it.
  if (location.pathname === '/') {
    var poster = document.createElement('link');
    poster.rel = 'preload';
    poster.as = 'image';
    poster.type = 'image/webp';
    poster.href = '/media/hero-poster.webp';
    poster.setAttribute('fetchpriority', 'high');
    document.head.appendChild(poster);
  }
})();
