// Package plot draws benchmark results with gonum.org/v1/plot: the
// cactus plot of every configuration (Cactus) and the scatter plot of two
// (Scatter), each a Figure that SavePlot writes as SVG, PNG, PDF or EPS.
// Times are those of package score (the median of an instance's
// repetitions). The house style: Okabe-Ito colours with a marker and dash
// per line, whole-number count ticks, 1-2-5 log time ticks, the legend
// below the axes. Text is Liberation Sans: an SVG names it, the fonts
// of its widths and sans-serif (svgFamilies), so it keeps its size where
// Liberation is missing; a PDF is one A4 or Letter page (Paper) whose
// font is a subset of the glyphs it uses (pdfCanvas). WriteInlineSVG
// gives the <svg> element an HTML page embeds.
package plot
