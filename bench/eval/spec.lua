-- spec.lua: the spec.fix kernel in Lua 5.4.  A set of signs is a bit mask (neg 1, zero 2,
-- pos 4), an Env a table {x, y}, a State a table of five Envs (b0..b4), sigma a bit mask of
-- the 16 assertions in spec.fix's order.  Prints the number of fixed points of
-- Phi(sigma) = sigma inter Safe(A(sigma)).
local NEG, ZERO, POS, TOP = 1, 2, 4, 7

local function sneg(a)
  local r = 0
  if a & NEG ~= 0 then r = r | POS end
  if a & ZERO ~= 0 then r = r | ZERO end
  if a & POS ~= 0 then r = r | NEG end
  return r
end
local function sadd(a, b)
  local r = 0
  if a & NEG ~= 0 and b & NEG ~= 0 then r = r | NEG end
  if a & ZERO ~= 0 then r = r | b end
  if b & ZERO ~= 0 then r = r | a end
  if a & POS ~= 0 and b & POS ~= 0 then r = r | POS end
  if (a & NEG ~= 0 and b & POS ~= 0) or (a & POS ~= 0 and b & NEG ~= 0) then r = r | TOP end
  return r
end
local function sdec(a)
  local r = 0
  if a & POS ~= 0 then r = r | ZERO | POS end
  if a & NEG ~= 0 or a & ZERO ~= 0 then r = r | NEG end
  return r
end
local function smash(e)
  if e[1] == 0 or e[2] == 0 then return { 0, 0 } end
  return e
end
local function when(e, w) return smash({ e[1] & w, e[2] }) end
local function out0(e) return smash({ e[1], ZERO }) end
local function out2(e) return smash({ sdec(e[1]), sadd(e[2], e[1]) }) end
local function out3(e) return smash({ e[1], sadd(e[2], sneg(e[1])) }) end
local function join(a, b) return { a[1] | b[1], a[2] | b[2] } end
local function step(s)
  return { { TOP, TOP }, join(out0(s[1]), out2(s[3])), when(s[2], POS), when(s[2], NEG | ZERO),
           out3(s[4]) }
end
local function need(assumed, w) if assumed then return w end return TOP end
local function has(sig, i) return (sig >> i) & 1 == 1 end
local function strengthen(e, sig, i)
  return smash({ e[1] & need(has(sig, i), ZERO | POS) & need(has(sig, i + 1), POS),
                 e[2] & need(has(sig, i + 2), ZERO | POS) & need(has(sig, i + 3), POS) })
end
local function assume(sig, s)
  return { s[1], strengthen(s[2], sig, 0), strengthen(s[3], sig, 4), strengthen(s[4], sig, 8),
           strengthen(s[5], sig, 12) }
end
local function same(s, t)
  for b = 1, 5 do
    if s[b][1] ~= t[b][1] or s[b][2] ~= t[b][2] then return false end
  end
  return true
end
local function A(sig)
  local s = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } }
  while true do
    local t = assume(sig, step(s))
    if same(s, t) then return s end
    s = t
  end
end
local function safe(v, w) return v ~= 0 and v & w ~= 0 end
local function Safe(s)
  local r = 0
  for b = 2, 5 do
    local i = (b - 2) * 4
    if safe(s[b][1], ZERO | POS) then r = r | (1 << i) end
    if safe(s[b][1], POS) then r = r | (1 << (i + 1)) end
    if safe(s[b][2], ZERO | POS) then r = r | (1 << (i + 2)) end
    if safe(s[b][2], POS) then r = r | (1 << (i + 3)) end
  end
  return r
end
local n = 0
for sig = 0, (1 << 16) - 1 do
  if sig & Safe(A(sig)) == sig then n = n + 1 end
end
print(n)
