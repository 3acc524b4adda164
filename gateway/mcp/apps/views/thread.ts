/**
 * The whiteboard thread view (whiteboard_get_thread): the thread's root topic, question and status, and its cards
 * in order, each with its analyst, hand, stance, status and summary.
 */
import { escapeHtml, startView, type ViewContext } from "./view-shell.js";

interface Card {
  card_id: string;
  card_index: number;
  analyst_id: string | null;
  hand: string | null;
  topic: string | null;
  question: string | null;
  stance: string | null;
  status: string;
  summary: string | null;
}

interface Thread {
  board_id: string;
  work_date: string;
  root_topic: string | null;
  root_question: string | null;
  root_analyst_id: string | null;
  status: string;
  card_count: number;
  max_cards: number;
  cards: Card[];
}

const text = (s: string | null, otherwise: string) => escapeHtml(s ?? otherwise);

function cardItem(card: Card) {
  const heading = `Card ${card.card_index}: ${card.topic ?? card.question ?? card.card_id}`;
  return `<li class="card" id="card-${escapeHtml(card.card_id)}">
    <article aria-labelledby="card-title-${card.card_index}">
      <h3 id="card-title-${card.card_index}" class="card-title">${escapeHtml(heading)}</h3>
      <p><span class="badge">${text(card.status, "")}</span>${card.stance ? `<span class="badge">${escapeHtml(card.stance)}</span>` : ""}
      <span class="muted">${text(card.analyst_id, "no analyst")}${card.hand ? ` · ${escapeHtml(card.hand)}` : ""}</span></p>
      ${card.question && card.question !== card.topic ? `<p><strong>Question:</strong> ${escapeHtml(card.question)}</p>` : ""}
      <p>${text(card.summary, "No summary yet.")}</p>
    </article>
  </li>`;
}

function draw(result: Record<string, unknown>, ctx: ViewContext) {
  const thread = result as unknown as Thread;
  const cards = [...thread.cards].sort((a, b) => a.card_index - b.card_index);
  ctx.root.innerHTML = `
    <h1>${text(thread.root_topic, "Untitled thread")}</h1>
    <p class="muted"><span class="badge">${escapeHtml(thread.status)}</span>${escapeHtml(thread.work_date)} ·
      opened by ${text(thread.root_analyst_id, "no analyst")} · ${thread.card_count} of ${thread.max_cards} cards</p>
    ${thread.root_question ? `<p>${escapeHtml(thread.root_question)}</p>` : ""}
    <h2 id="cards-heading">Cards</h2>
    <ol class="cards" aria-labelledby="cards-heading">${cards.map(cardItem).join("")}</ol>`;
}

startView("institute-thread", draw);
