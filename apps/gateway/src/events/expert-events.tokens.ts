export const EXPERT_EVENT_HUB = Symbol('ExpertEventHub');
