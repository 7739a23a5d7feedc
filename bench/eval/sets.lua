-- sets.lua: the sets.fix kernel in Lua 5.4 (a set is a bit mask): prints the number of fixed points.
local function has(m, i) return (m >> i) & 1 == 1 end
local function S(m)
  local r = (m & 85) & ~4
  if not has(m, 1) and (has(m, 5) or not has(m, 11)) then r = r | 1 end
  if not has(m, 2) and (has(m, 6) or not has(m, 12)) then r = r | 2 end
  if not has(m, 3) and (has(m, 7) or not has(m, 13)) then r = r | 4 end
  if not has(m, 4) and (has(m, 8) or not has(m, 14)) then r = r | 8 end
  if not has(m, 5) and (has(m, 9) or not has(m, 15)) then r = r | 16 end
  if not has(m, 6) and (has(m, 10) or not has(m, 16)) then r = r | 32 end
  if not has(m, 7) and (has(m, 11) or not has(m, 17)) then r = r | 64 end
  if not has(m, 8) and (has(m, 12) or not has(m, 18)) then r = r | 128 end
  if not has(m, 9) and (has(m, 13) or not has(m, 19)) then r = r | 256 end
  if not has(m, 10) and (has(m, 14) or not has(m, 0)) then r = r | 512 end
  if not has(m, 11) and (has(m, 15) or not has(m, 1)) then r = r | 1024 end
  if not has(m, 12) and (has(m, 16) or not has(m, 2)) then r = r | 2048 end
  if not has(m, 13) and (has(m, 17) or not has(m, 3)) then r = r | 4096 end
  if not has(m, 14) and (has(m, 18) or not has(m, 4)) then r = r | 8192 end
  if not has(m, 15) and (has(m, 19) or not has(m, 5)) then r = r | 16384 end
  if not has(m, 16) and (has(m, 0) or not has(m, 6)) then r = r | 32768 end
  if not has(m, 17) and (has(m, 1) or not has(m, 7)) then r = r | 65536 end
  if not has(m, 18) and (has(m, 2) or not has(m, 8)) then r = r | 131072 end
  if not has(m, 19) and (has(m, 3) or not has(m, 9)) then r = r | 262144 end
  if not has(m, 0) and (has(m, 4) or not has(m, 10)) then r = r | 524288 end
  return r
end
local n = 0
for m = 0, (1 << 20) - 1 do
  if S(m) == m then n = n + 1 end
end
print(n)
