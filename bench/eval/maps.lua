-- maps.lua: the maps.fix kernel in Lua 5.4 (a map is a table with fields a..e, a pair a
-- table {p1, p2}): prints the number of fixed points.
local function step(p)
  return { p[2], (p[1] + 3 * p[2] + 1) % 16 }
end
local function f(m)
  local u = step({ m.a, m.b })
  local v = step({ m.c, m.d })
  return { a = u[1], b = v[2], c = math.max(m.e, u[2]), d = v[1], e = (m.a + m.e) % 16 }
end
local n = 0
for k = 0, (1 << 20) - 1 do
  -- the maps in the order fix enumerates them: the last key varies fastest
  local m = { a = (k >> 16) & 15, b = (k >> 12) & 15, c = (k >> 8) & 15, d = (k >> 4) & 15, e = k & 15 }
  local r = f(m)
  if r.a == m.a and r.b == m.b and r.c == m.c and r.d == m.d and r.e == m.e then n = n + 1 end
end
print(n)
