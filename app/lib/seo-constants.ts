export const excerptLength = 150;
