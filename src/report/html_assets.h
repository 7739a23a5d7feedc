/* html_assets.h: the script and style sheet of the HTML page, src/report/html_page.js and
 * html_page.css turned into C strings at build time (build/gen/html_assets.c). */
#ifndef FIX_HTML_ASSETS_H
#define FIX_HTML_ASSETS_H

extern const char html_page_script[];
extern const char html_page_style[];

#endif
