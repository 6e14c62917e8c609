import { measureLayout } from '../scripts/layoutFigures'
const l = measureLayout()
console.log(l.files, l.medianLines, JSON.stringify(l.crumbs), JSON.stringify(l.longFunctions))
