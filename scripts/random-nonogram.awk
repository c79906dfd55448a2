# awk -v W=30 -v H=30 -v seed=1 -v d=0.5 -f scripts/random-nonogram.awk:
# the clues of a random W x H picture, each cell black with probability d,
# as a .non puzzle (used by bench-nonogram.sh and bench-pipeline.sh).
BEGIN {
	srand(seed)
	for (r = 0; r < H; r++) for (c = 0; c < W; c++) b[r, c] = rand() < d
	printf "title \"random %dx%d seed %d density %s\"\nwidth %d\nheight %d\n\nrows\n", W, H, seed, d, W, H
	for (r = 0; r < H; r++) { s = ""; n = 0
		for (c = 0; c <= W; c++) if (c < W && b[r, c]) n++; else if (n) { s = s (s == "" ? "" : ",") n; n = 0 }
		print (s == "" ? "0" : s) }
	printf "\ncolumns\n"
	for (c = 0; c < W; c++) { s = ""; n = 0
		for (r = 0; r <= H; r++) if (r < H && b[r, c]) n++; else if (n) { s = s (s == "" ? "" : ",") n; n = 0 }
		print (s == "" ? "0" : s) }
}
