-- loop.lua: the loop.fix kernel in Lua 5.4: prints the number of fixed points.
local function mix(x, k)
  if k == 0 then return x end
  return mix((x * 37 + k * 11) % 1048576, k - 1)
end
local n = 0
for x = 0, 1048575 do
  if mix(x, 50) == x then n = n + 1 end
end
print(n)
