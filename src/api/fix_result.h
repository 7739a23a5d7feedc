/* fix_result.h: a query's result as the C API hands it over (fix.h's fix_result): a copy
 * of the report's QueryResult, its values as trees and its JSON object. */
#ifndef FIX_API_RESULT_H
#define FIX_API_RESULT_H

#include "api/fix.h"
#include "report/report.h"

/* A copy of r (which may be freed after the call); limit_hit: what stopped the query, or
 * NULL. */
fix_result *fix_result_from(const QueryResult *r, const char *limit_hit);

#endif
