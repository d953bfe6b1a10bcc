// King & Scout (the king's and the robber baron's tokens) on the game screen: a token changing
// hands is news over the board. The tokens themselves are in the players panel (panels.js).

/** The decision module (decisions/index.js). */
export const kingRobber = {
  name: 'king-robber',
  news: (screen, e) => e.type === 'token-taken',
};
