# lpgen.awk: a random .lp text made of comment, string and #script fragments, for the check
# that nothing fix passes to gringo runs a script.  usage: awk -v seed=N -v mark=PATH -v n=K
BEGIN {
    srand(seed)
    script = "#script (python)\nopen(\"" mark "\", \"w\").close()\n#end.\n"
    t[0] = "%"; t[1] = "*"; t[2] = "%*"; t[3] = "*%"; t[4] = "\""; t[5] = "\\"
    t[6] = "\n"; t[7] = "\n"; t[8] = "a."; t[9] = "p(\"x\")."; t[10] = " "; t[11] = "\r"
    t[12] = "\\\""; t[13] = "\\n"; t[14] = script; t[15] = script; t[16] = "#end."
    t[17] = "("; t[18] = ")"; t[19] = "#include \"inc.lp\"."
    k = 1 + int(rand() * 25)
    for (i = 0; i < k; i++) printf "%s", t[int(rand() * 20)]
}
