import { MSG } from '@zalik/contract';
import type { TemplateErrors, TemplatePlace, TemplateProblem } from './sandbox.js';

/** Longest piece of the document's text a message quotes. */
const QUOTE = 40;

const cut = (text: string, max = QUOTE) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The document's part as Word's user knows it (docxtemplater names the file inside the DOCX). */
function partName(file: string | null): string {
  if (!file || file === 'word/document.xml') return 'основний текст';
  if (/^word\/header\d*\.xml$/.test(file)) return 'верхній колонтитул';
  if (/^word\/footer\d*\.xml$/.test(file)) return 'нижній колонтитул';
  if (file === 'word/footnotes.xml') return 'виноски';
  if (file === 'word/endnotes.xml') return 'кінцеві виноски';
  return file;
}

/** The paragraph's text around the problem: the end of a long paragraph is quoted near the offset. */
function quote(place: TemplatePlace): string {
  const text = place.text.trim();
  if (text.length <= QUOTE) return text;
  const from = Math.max(0, Math.min(place.at - 10, place.text.length - QUOTE));
  return `${from > 0 ? '…' : ''}${cut(place.text.slice(from).trim())}`;
}

/**
 * The tag as the author typed it, read from the paragraph at docxtemplater's offset (its own
 * `xtag` runs over paragraph ends, and cuts the brace off): from the `{` to the next `{` or the
 * paragraph's end for an unclosed tag, back to its `{` for one closed twice.
 */
function typedTag(p: TemplateProblem): string | null {
  const place = p.place;
  if (!place) return p.tag;
  const { text, at } = place;
  switch (p.id) {
    case 'unclosed_tag': {
      // Up to the next tag's brace, if another tag follows in the paragraph.
      const next = text.indexOf('{', at + 1);
      return cut(text.slice(at, next < 0 ? undefined : next).trim());
    }
    case 'duplicate_open_tag': {
      const end = text.indexOf('}', at);
      return cut(text.slice(at, end < 0 ? undefined : end + 1).trim());
    }
    case 'unopened_tag':
      // Where it starts is anyone's guess (names may hold spaces): docxtemplater's last word.
      return p.tag === null ? null : `${p.tag}}`;
    case 'duplicate_close_tag': {
      const start = text.lastIndexOf('{', at);
      return cut(text.slice(Math.max(0, start), at + 2).trim());
    }
    default:
      return p.tag;
  }
}

function what(p: TemplateProblem): string {
  const tag = typedTag(p);
  switch (p.id) {
    case 'unclosed_tag':
      return tag ? MSG.templateUnclosedTag(tag) : MSG.templateBroken;
    case 'unopened_tag':
      return tag ? MSG.templateUnopenedTag(tag) : MSG.templateBroken;
    case 'duplicate_open_tag':
      return tag ? MSG.templateDoubleOpen(tag) : MSG.templateBroken;
    case 'duplicate_close_tag':
      return tag ? MSG.templateDoubleClose(tag) : MSG.templateBroken;
    case 'unclosed_loop':
      return MSG.templateUnclosedLoop(p.tag ?? '');
    case 'unopened_loop':
      return MSG.templateUnopenedLoop(p.tag ?? '');
    case 'closing_tag_does_not_match_opening_tag':
      return MSG.templateLoopMismatch(p.opening ?? '', p.closing ?? '');
    case 'unbalanced_loop_tags':
      return MSG.templateLoopsCrossed(p.opening ?? '', p.closing ?? '');
    case 'loop_position_invalid':
      return MSG.templateLoopMisplaced(p.tag ?? '');
    case 'raw_xml_tag_should_be_only_text_in_paragraph':
    case 'raw_tag_outerxml_invalid':
      return MSG.templateUnsupportedTag(`{@${p.tag ?? ''}}`);
    default:
      return tag ? MSG.templateTagBroken(cut(tag)) : MSG.templateBroken;
  }
}

/** One problem with where it is, when docxtemplater said. */
function sentence(p: TemplateProblem): string {
  const where = p.place ? ` (${MSG.templatePlace(partName(p.file), p.place.paragraph, quote(p.place))})` : '';
  return what(p) + where;
}

/** docxtemplater's errors as the uploader reads them: what is wrong with which tag, and where. */
export function templateErrorText(errors: TemplateErrors): string {
  const said = errors.problems.map(sentence).join('; ');
  return MSG.templateInvalid(errors.more > 0 ? `${said}; ${MSG.templateMore(errors.more)}` : said);
}
