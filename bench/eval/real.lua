-- real.lua: the real.fix kernel in Lua 5.4: prints the number of fixed points.
local function logi(y, k)
  if k == 0 then return y end
  return logi(3.7 * y * (1 - y), k - 1)
end
local n = 0
for x = 0, 262143 do
  local r
  if math.abs(logi(x / 262143.0, 64) - 0.5) < 0.0001 then r = x else r = (x + 1) % 262144 end
  if r == x then n = n + 1 end
end
print(n)
